/**
 * A before/after view for approvals. Shows a compact line diff at once and upgrades to
 * Monaco's diff editor when it has loaded (Monaco loads lazily, after the shell).
 */
import { Suspense, lazy } from 'react';

// If Monaco's code cannot be downloaded, the compact diff stays (and the approval still works).
const MonacoDiff = lazy(() => import('./monaco-diff').catch(() => ({ default: PlainDiffInstead })));

/** Lines removed and added, by a simple longest-common-prefix/suffix trim. */
export function lineDiff(before: string, after: string): { removed: string[]; added: string[]; context: number } {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return { removed: a.slice(start, endA), added: b.slice(start, endB), context: start };
}

/** The compact line diff (lines removed, then added), named `label` for a screen reader. */
export function PlainDiff({ before, after, label = 'Proposed change' }: { before: string | null; after: string; label?: string }) {
  const diff = lineDiff(before ?? '', after);
  return (
    <pre className="plain-diff" aria-label={label} tabIndex={0}>
      {before === null ? <span className="diff-note">New file{'\n'}</span> : null}
      {diff.removed.map((line, index) => (
        <span key={`r${index}`} className="diff-removed">
          - {line}
          {'\n'}
        </span>
      ))}
      {diff.added.map((line, index) => (
        <span key={`a${index}`} className="diff-added">
          + {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

function PlainDiffInstead({ before, after }: { path: string; before: string; after: string }) {
  return <PlainDiff before={before} after={after} />;
}

export function DiffView({ path, before, after }: { path: string; before: string | null; after: string }) {
  return (
    <div className="diff-view">
      <Suspense fallback={<PlainDiff before={before} after={after} />}>
        <MonacoDiff path={path} before={before ?? ''} after={after} />
      </Suspense>
    </div>
  );
}

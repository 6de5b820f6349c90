/**
 * The files at the end of both runs: the paths that differ, each a button, and the chosen one's
 * difference in Monaco's diff editor, the original on the left and the fork on the right (a
 * compact line diff while Monaco loads, or if it cannot). A binary file is named with its sizes.
 */
import { Suspense, lazy, useState } from 'react';
import { formatBytes } from '../../shared/format-bytes';
import type { FileContent } from '../../store/types';
import { PlainDiff } from '../transcript/diff-view';
import type { MonacoDiffProps } from '../transcript/monaco-diff';
import { changeLabel, diffTexts } from './file-differences';
import type { FileComparison, FileDifference } from './file-differences';

const MonacoDiff = lazy(() => import('../transcript/monaco-diff').catch(() => ({ default: LineDiffInstead })));

function LineDiffInstead({ path, before, after }: MonacoDiffProps) {
  return <PlainDiff before={before} after={after} label={`Differences in ${path}`} />;
}

const sizeOf = (content: FileContent | null) => (content === null ? 'absent' : formatBytes(typeof content === 'string' ? new TextEncoder().encode(content).byteLength : content.byteLength));

function FileDiff({ difference }: { difference: FileDifference }) {
  const texts = diffTexts(difference);
  if (!texts) {
    return (
      <p>
        Not shown as text (binary, or too large to compare line by line): {sizeOf(difference.original)} in the original, {sizeOf(difference.fork)} in the fork.
      </p>
    );
  }
  const props: MonacoDiffProps = { path: difference.path, before: texts.original, after: texts.fork, sides: { before: 'Original', after: 'Fork' }, sideBySide: true, height: 320 };
  return (
    <Suspense fallback={<LineDiffInstead {...props} />}>
      <MonacoDiff {...props} />
    </Suspense>
  );
}

export function ComparisonFiles({ files }: { files: FileComparison }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const { differences, same } = files;
  if (differences.length === 0) {
    return <p>The files are the same at the end of both runs ({same} file{same === 1 ? '' : 's'}).</p>;
  }
  const shown = differences.find((difference) => difference.path === chosen) ?? differences[0]!;
  return (
    <div className="comparison-files">
      <p>
        {differences.length} file{differences.length === 1 ? '' : 's'} differ{differences.length === 1 ? 's' : ''}
        {same > 0 ? `; ${same} ${same === 1 ? 'is' : 'are'} the same` : ''}. Choose one to see its differences.
      </p>
      <ul className="comparison-file-list" aria-label="Files that differ">
        {differences.map((difference) => (
          <li key={difference.path}>
            <button type="button" aria-pressed={difference === shown} onClick={() => setChosen(difference.path)}>
              <span className="comparison-path">{difference.path}</span> <span className={`comparison-change ${difference.change}`}>{changeLabel(difference.change)}</span>
            </button>
          </li>
        ))}
      </ul>
      <section className="comparison-diff" aria-label={`Differences in ${shown.path}`}>
        <p className="comparison-diff-sides">
          <span>Original</span>
          <span>Fork</span>
        </p>
        <FileDiff key={shown.path} difference={shown} />
      </section>
    </div>
  );
}

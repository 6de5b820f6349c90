/**
 * Compare with original (issue 39): a fork and the session it was forked from, side by side from
 * the fork point. Each run's totals (round-trips, tokens, model time, elapsed time), the
 * round-trips in pairs with where they diverge (fork-comparison.ts), and the files at the end
 * (comparison-files.tsx). Everything is read live from the store, so a fork that is still running
 * fills in as it goes. An original since deleted is said so, not failed on.
 *
 * It takes the workspace's place (app.tsx hides the panes meanwhile, mounted): Close comparison
 * or Escape brings them back.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { ForkOrigin } from '../../shared/fork-point';
import { useFileContents, useRoundTrips, useSession } from '../../store/read';
import type { LoopscopeDb } from '../../store/read';
import type { RoundTripRecord, SessionRecord } from '../../store/types';
import { ErrorBoundary } from '../error-boundary';
import { formatDuration } from '../inspector/inspector-model';
import { ComparisonFiles } from './comparison-files';
import { compareFiles } from './file-differences';
import type { SessionFile } from './file-differences';
import { compareFork } from './fork-comparison';
import type { ComparedStep, ForkComparison, RunTotals, StepSide } from './fork-comparison';
import './comparison.css';

const number = (value: number) => value.toLocaleString('en');

function tokensText(tokens: RunTotals['tokens']): string {
  return tokens ? `${number(tokens.total)} (prompt ${number(tokens.prompt)}, response ${number(tokens.response)})` : 'not reported';
}

function Totals({ comparison }: { comparison: ForkComparison }) {
  const { original, fork } = comparison.totals;
  const rows: [string, (totals: RunTotals) => string][] = [
    ['Round-trips', (totals) => number(totals.roundTrips)],
    ['Tokens', (totals) => tokensText(totals.tokens)],
    ['Model time', (totals) => formatDuration(totals.modelMs)],
    ['Elapsed', (totals) => (totals.elapsedMs === null ? '—' : formatDuration(totals.elapsedMs))],
  ];
  return (
    <table className="comparison-totals" aria-label="Each run from the fork point">
      <thead>
        <tr>
          <td />
          <th scope="col">Original</th>
          <th scope="col">Fork</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value(original)}</td>
            <td>{value(fork)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Side({ side }: { side: StepSide | null }) {
  if (!side) return <td className="comparison-side absent">—</td>;
  const { tokens, durationMs } = side;
  const facts = [tokens?.total !== undefined ? `${number(tokens.total)} tokens` : '', durationMs === null ? 'running' : formatDuration(durationMs)].filter(Boolean);
  return (
    <td className="comparison-side">
      <p className="comparison-input">{side.input}</p>
      <p className="comparison-reply">→ {side.reply}</p>
      <p className="comparison-facts">{facts.join(' · ')}</p>
    </td>
  );
}

function verdict(step: ComparedStep): string {
  switch (step.status) {
    case 'same':
      return 'Same';
    case 'pending':
      return 'Waiting for a reply';
    case 'only-original':
      return 'Only in the original';
    case 'only-fork':
      return 'Only in the fork';
    case 'differs':
      return `Differs: ${step.differences.map((difference) => (difference === 'input' ? 'what was asked' : 'the reply')).join(' and ')}`;
  }
}

function Steps({ comparison }: { comparison: ForkComparison }) {
  if (comparison.steps.length === 0) return <p>Neither run has a round-trip after the fork point yet.</p>;
  return (
    <table className="comparison-steps" aria-label="Round-trips side by side">
      <thead>
        <tr>
          <th scope="col">Round-trip</th>
          <th scope="col">Original</th>
          <th scope="col">Fork</th>
          <th scope="col">Compared</th>
        </tr>
      </thead>
      <tbody>
        {comparison.steps.map((step) => (
          <tr key={step.number} className={`comparison-step ${step.status}${step.firstDivergence ? ' first-divergence' : ''}`} data-status={step.status}>
            <th scope="row">
              {step.number}
              {step.firstDivergence ? ' ' : null}
              {step.firstDivergence ? <span className="comparison-diverge">First divergence</span> : null}
            </th>
            <Side side={step.original} />
            <Side side={step.fork} />
            <td className="comparison-verdict">{verdict(step)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function summary(comparison: ForkComparison, origin: ForkOrigin): string {
  const { shared, divergesAt, totals } = comparison;
  const sharedWords = shared === 1 ? 'round-trip 1' : `round-trips 1–${shared}`;
  const start = shared > 0 ? `Both runs share ${sharedWords}; compared from round-trip ${shared + 1}.` : 'Compared from the first round-trip.';
  const edit = origin.edit ? ` The fork changed ${origin.edit.kind === 'result' ? 'a tool result' : 'the model’s reply'} at the fork point.` : '';
  const where =
    totals.fork.roundTrips === 0
      ? ' The fork has not run since the fork point.'
      : divergesAt === null
        ? ' They have not diverged so far.'
        : ` They diverge at round-trip ${divergesAt}.`;
  return start + edit + where;
}

/** What the region reads from the store; undefined while a read is under way, null: no such session. */
export interface ComparisonData {
  origin: ForkOrigin;
  fork: SessionRecord | null | undefined;
  original: SessionRecord | null | undefined;
  forkRoundTrips: readonly RoundTripRecord[] | undefined;
  originalRoundTrips: readonly RoundTripRecord[] | undefined;
  forkFiles: readonly SessionFile[] | undefined;
  originalFiles: readonly SessionFile[] | undefined;
}

/** The comparison itself, from what was read (apart from the reads, so that a test can render it). */
export function ComparisonBody({ origin, fork, original, forkRoundTrips, originalRoundTrips, forkFiles, originalFiles }: ComparisonData) {
  const comparison = useMemo(
    () => (fork && originalRoundTrips && forkRoundTrips ? compareFork(originalRoundTrips, forkRoundTrips, fork.createdAt) : null),
    [fork, originalRoundTrips, forkRoundTrips],
  );
  const files = useMemo(() => (forkFiles && originalFiles ? compareFiles(originalFiles, forkFiles) : null), [forkFiles, originalFiles]);
  if (fork === undefined || original === undefined) return <p aria-busy="true">Reading both runs…</p>;
  if (fork === null) return <p role="alert">This fork is no longer stored.</p>;
  if (original === null) return <p role="alert">The original session, “{origin.title}”, was deleted, so there is nothing to compare this fork with.</p>;
  return (
    <>
      {comparison ? (
        <>
          <p className="comparison-summary">{summary(comparison, origin)}</p>
          <Totals comparison={comparison} />
          <h3>Round-trips</h3>
          <Steps comparison={comparison} />
        </>
      ) : (
        <p aria-busy="true">Reading the round-trips…</p>
      )}
      <h3>Files at the end</h3>
      {files ? <ComparisonFiles files={files} /> : <p aria-busy="true">Reading the files…</p>}
    </>
  );
}

export interface ComparisonRegionProps {
  db: LoopscopeDb;
  /** The fork. */
  sessionId: string;
  origin: ForkOrigin;
  onClose: () => void;
}

export function ComparisonRegion({ db, sessionId, origin, onClose }: ComparisonRegionProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const data: ComparisonData = {
    origin,
    fork: useSession(db, sessionId),
    original: useSession(db, origin.sessionId),
    forkRoundTrips: useRoundTrips(db, sessionId),
    originalRoundTrips: useRoundTrips(db, origin.sessionId),
    forkFiles: useFileContents(db, sessionId),
    originalFiles: useFileContents(db, origin.sessionId),
  };
  useEffect(() => heading.current?.focus(), []);

  return (
    <section
      className="comparison"
      aria-label="Comparison"
      onKeyDown={(event) => {
        // Escape inside the diff editor is the editor's (its find widget, its selection).
        if (event.key !== 'Escape' || event.defaultPrevented || (event.target instanceof Element && event.target.closest('.monaco-editor'))) return;
        event.preventDefault();
        onClose();
      }}
    >
      <header className="comparison-header">
        <h2 ref={heading} tabIndex={-1}>
          Compare with original: “{origin.title}” and this fork
        </h2>
        <button type="button" onClick={onClose}>
          Close comparison
        </button>
      </header>
      <ErrorBoundary name="comparison">
        <ComparisonBody {...data} />
      </ErrorBoundary>
    </section>
  );
}

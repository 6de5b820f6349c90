/**
 * Compare with original (issue 39): a fork and the session it was forked from, side by side from
 * the fork point. Each run's totals (round-trips, tokens, cost counted as the Loop inspector
 * counts it in inspector-cost.ts, model time, elapsed time), the round-trips in pairs with where
 * they diverge (fork-comparison.ts), and the files at the end (comparison-files.tsx). Everything is read live from the store, so a fork that is still running
 * fills in as it goes. An original since deleted is said so, not failed on.
 *
 * It takes the workspace's place (app.tsx hides the panes meanwhile, mounted): Close comparison
 * or Escape brings them back.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { ForkOrigin } from '../../shared/fork-point';
import type { ModelPrices, PriceTables } from '../../shared/model-prices';
import { formatUsd } from '../../shared/round-trip-cost';
import { useFileContents, useRoundTrips, useSession } from '../../store/read';
import type { LoopscopeDb } from '../../store/read';
import type { RoundTripRecord, SessionRecord } from '../../store/types';
import { ErrorBoundary } from '../error-boundary';
import { roundTripCost, totalOf } from '../inspector/inspector-cost';
import type { CostTotal } from '../inspector/inspector-cost';
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

/** `$0.0012`, naming the round-trips it could not count (no price for the model, or no tokens reported). */
function costText({ cost, priced, unpriced }: CostTotal): string {
  if (priced === 0 && unpriced > 0) return 'unknown (no price for the model, or no tokens reported)';
  return `${formatUsd(cost.total)}${unpriced > 0 ? ` (${unpriced} round-trip(s) not counted: no price or no tokens reported)` : ''}`;
}

type Run = RunTotals & { cost: CostTotal };

function Totals({ original, fork }: { original: Run; fork: Run }) {
  const rows: [string, (run: Run) => string][] = [
    ['Round-trips', (run) => number(run.roundTrips)],
    ['Tokens', (run) => tokensText(run.tokens)],
    ['Cost', (run) => costText(run.cost)],
    ['Model time', (run) => formatDuration(run.modelMs)],
    ['Elapsed', (run) => (run.elapsedMs === null ? '—' : formatDuration(run.elapsedMs))],
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

function Side({ side, tables }: { side: StepSide | null; tables: PriceTables }) {
  if (!side) return <td className="comparison-side absent">—</td>;
  const { tokens, durationMs } = side;
  const cost = roundTripCost(side.roundTrip, tables);
  const facts = [
    tokens?.total !== undefined ? `${number(tokens.total)} tokens` : '',
    cost ? formatUsd(cost.total) : '',
    durationMs === null ? 'running' : formatDuration(durationMs),
  ].filter(Boolean);
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

function Steps({ comparison, tables }: { comparison: ForkComparison; tables: { original: PriceTables; fork: PriceTables } }) {
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
            <Side side={step.original} tables={tables.original} />
            <Side side={step.fork} tables={tables.fork} />
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
  /** The person's prices (Settings → Model); a session's own recorded ones come first. */
  prices?: ModelPrices | undefined;
}

/** The comparison itself, from what was read (apart from the reads, so that a test can render it). */
export function ComparisonBody({ origin, fork, original, forkRoundTrips, originalRoundTrips, forkFiles, originalFiles, prices }: ComparisonData) {
  const comparison = useMemo(
    () => (fork && originalRoundTrips && forkRoundTrips ? compareFork(originalRoundTrips, forkRoundTrips, fork.createdAt) : null),
    [fork, originalRoundTrips, forkRoundTrips],
  );
  const files = useMemo(() => (forkFiles && originalFiles ? compareFiles(originalFiles, forkFiles) : null), [forkFiles, originalFiles]);
  const tables = useMemo(
    () => ({ original: { recorded: original?.prices, own: prices }, fork: { recorded: fork?.prices, own: prices } }),
    [original?.prices, fork?.prices, prices],
  );
  if (fork === undefined || original === undefined) return <p aria-busy="true">Reading both runs…</p>;
  if (fork === null) return <p role="alert">This fork is no longer stored.</p>;
  if (original === null) return <p role="alert">The original session, “{origin.title}”, was deleted, so there is nothing to compare this fork with.</p>;
  return (
    <>
      {comparison ? (
        <>
          <p className="comparison-summary">{summary(comparison, origin)}</p>
          <Totals
            original={{ ...comparison.totals.original, cost: totalOf(comparison.runs.original, tables.original) }}
            fork={{ ...comparison.totals.fork, cost: totalOf(comparison.runs.fork, tables.fork) }}
          />
          <h3>Round-trips</h3>
          <Steps comparison={comparison} tables={tables} />
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
  /** The person's prices (Settings → Model). */
  prices?: ModelPrices | undefined;
  onClose: () => void;
}

export function ComparisonRegion({ db, sessionId, origin, prices, onClose }: ComparisonRegionProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const data: ComparisonData = {
    origin,
    fork: useSession(db, sessionId),
    original: useSession(db, origin.sessionId),
    forkRoundTrips: useRoundTrips(db, sessionId),
    originalRoundTrips: useRoundTrips(db, origin.sessionId),
    forkFiles: useFileContents(db, sessionId),
    originalFiles: useFileContents(db, origin.sessionId),
    prices,
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

/**
 * The Loop inspector's Timeline (issue 26): one bar per model round-trip and per tool call on a
 * shared time axis, after a trace viewer's waterfall. A retry is a round-trip bar of its own,
 * marked as a retry; a tool call's bar shows its wait for approval as its own segment before it
 * runs; the step still going (a replay's current one) is highlighted. Each bar is a button: Tab
 * reaches it, and it opens the step's details under the chart. Plain HTML and CSS, so both
 * themes' colours and the page's font sizes apply (projectors included).
 */
import { useMemo, useState } from 'react';
import type { RoundTripRecord, ToolTimeline } from '../../store/types';
import { tokensOf } from '../../shared/response-usage';
import { clockTime, describeRequest, describeResponse, formatDuration, groupRoundTrips, tokensLine } from './inspector-model';
import type { InspectorSubagent } from './inspector-model';

type Row =
  /** `nested`: a subagent's round-trip, under its `task` call. */
  | { kind: 'round-trip'; id: string; label: string; start: number; end: number; retry: boolean; failed: boolean; going: boolean; roundTrip: RoundTripRecord; number: number; nested?: boolean }
  | { kind: 'tool'; id: string; label: string; start: number; end: number; approval: { start: number; end: number } | null; status: string; going: boolean; call: ToolTimeline; nested?: boolean };

const FINAL = new Set(['success', 'error', 'cancelled']);

/** The rows in the order they happened: each turn's round-trips (retries included), then the calls its reply asked for. */
export function timelineRows(roundTrips: readonly RoundTripRecord[], now: number): Row[] {
  const rows: Row[] = [];
  let number = 0;
  for (const interaction of groupRoundTrips(roundTrips)) {
    for (const turn of interaction.turns) {
      turn.attempts.forEach((roundTrip, attempt) => {
        number++;
        const going = roundTrip.endedAt === undefined;
        rows.push({
          kind: 'round-trip',
          id: roundTrip.id,
          label: `Round-trip ${number}${attempt > 0 ? ` (retry ${attempt})` : ''}${turn.purpose === 'turn' ? '' : ` · ${turn.purpose === 'compression' ? 'compression' : 'next-speaker check'}`}`,
          start: roundTrip.startedAt,
          end: roundTrip.endedAt ?? Math.max(roundTrip.startedAt, now),
          retry: attempt > 0,
          failed: roundTrip.error !== undefined,
          going,
          roundTrip,
          number,
        });
      });
      for (const call of turn.toolCalls) {
        const row = toolRow(call, now);
        if (row) rows.push(row);
        const subagent = turn.subagents?.find((candidate) => candidate.callId === call.callId);
        if (subagent) rows.push(...subagentRows(subagent, now));
      }
    }
  }
  return rows;
}

function toolRow(call: ToolTimeline, now: number): Row | null {
  const first = call.steps[0]?.at;
  if (first === undefined) return null;
  const last = call.steps.at(-1)!;
  const going = !FINAL.has(last.status);
  const asked = call.steps.find((step) => step.status === 'awaiting_approval');
  const answered = asked ? call.steps.find((step) => step.at >= asked.at && step.status !== 'awaiting_approval') : undefined;
  return {
    kind: 'tool',
    id: call.callId,
    label: `${call.name} ${call.summary}`.trim(),
    start: first,
    end: going ? Math.max(last.at, now) : last.at,
    approval: asked ? { start: asked.at, end: answered?.at ?? (going ? Math.max(asked.at, now) : last.at) } : null,
    status: last.status,
    going,
    call,
  };
}

/** A subagent's round-trips and calls, under its `task` call's bar: numbered within the subagent, so the session's own numbers stay. */
function subagentRows(subagent: InspectorSubagent, now: number): Row[] {
  let number = 0;
  return subagent.turns.flatMap((turn) => [
    ...turn.attempts.map((roundTrip, attempt): Row => {
      number++;
      return {
        kind: 'round-trip',
        id: roundTrip.id,
        label: `Subagent round-trip ${number}${attempt > 0 ? ` (retry ${attempt})` : ''}`,
        start: roundTrip.startedAt,
        end: roundTrip.endedAt ?? Math.max(roundTrip.startedAt, now),
        retry: attempt > 0,
        failed: roundTrip.error !== undefined,
        going: roundTrip.endedAt === undefined,
        roundTrip,
        number,
        nested: true,
      };
    }),
    ...turn.toolCalls.flatMap((call) => {
      const row = toolRow(call, now);
      return row ? [{ ...row, label: `Subagent: ${row.label}`, nested: true }] : [];
    }),
  ]);
}

function percent(value: number, from: number, span: number): string {
  return `${(((value - from) / span) * 100).toFixed(3)}%`;
}

function Details({ row }: { row: Row }) {
  if (row.kind === 'round-trip') {
    const { roundTrip } = row;
    return (
      <section className="timeline-details" aria-label={`Details of ${row.label}`}>
        <h4>{row.label}</h4>
        <p>
          {roundTrip.request.model} · {clockTime(row.start)} → {roundTrip.endedAt === undefined ? 'still going' : `${clockTime(roundTrip.endedAt)} (${formatDuration(roundTrip.endedAt - row.start)})`}
        </p>
        <p>→ {describeRequest(roundTrip)}</p>
        <p>← {describeResponse(roundTrip)}</p>
        <p>{tokensLine(tokensOf(roundTrip.response))}</p>
      </section>
    );
  }
  const first = row.call.steps[0]?.at ?? row.start;
  return (
    <section className="timeline-details" aria-label={`Details of ${row.label}`}>
      <h4>{row.label}</h4>
      <ol>
        {row.call.steps.map((step, index) => (
          <li key={index}>
            {step.status.replace(/_/g, ' ')} · {index === 0 ? clockTime(step.at) : `+${formatDuration(step.at - first)}`}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function LoopTimeline({ roundTrips }: { roundTrips: readonly RoundTripRecord[] }) {
  const rows = useMemo(() => timelineRows(roundTrips, Date.now()), [roundTrips]);
  const [open, setOpen] = useState<string | null>(null);
  if (rows.length === 0) return <p className="empty">No model calls yet.</p>;
  const from = Math.min(...rows.map((row) => row.start));
  const to = Math.max(...rows.map((row) => row.end), from + 1);
  const span = to - from;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => ({ share, label: formatDuration(share * span) }));
  const chosen = rows.find((row) => `${row.kind}:${row.id}` === open);
  return (
    <div className="loop-timeline">
      <div className="timeline-axis" aria-hidden="true">
        {ticks.map((tick) => (
          <span key={tick.share} style={{ left: `${tick.share * 100}%` }}>
            {tick.label}
          </span>
        ))}
      </div>
      <ol className="timeline-rows" aria-label="Timeline">
        {rows.map((row) => {
          const key = `${row.kind}:${row.id}`;
          const duration = formatDuration(row.end - row.start);
          const approval = row.kind === 'tool' && row.approval ? `, waited ${formatDuration(row.approval.end - row.approval.start)} for approval` : '';
          const state = row.kind === 'round-trip' ? (row.failed ? ', failed' : row.going ? ', still going' : '') : `, ${row.status.replace(/_/g, ' ')}`;
          return (
            <li key={key} className={`timeline-row ${row.kind}${row.kind === 'round-trip' && row.retry ? ' retry' : ''}${row.nested ? ' nested' : ''}${row.going ? ' current' : ''}`}>
              <span className="timeline-label">{row.label}</span>
              <span className="timeline-track">
                <button
                  type="button"
                  className={`timeline-bar${row.kind === 'round-trip' && row.failed ? ' failed' : ''}${row.kind === 'tool' ? ` status-${row.status}` : ''}`}
                  style={{ left: percent(row.start, from, span), width: `max(3px, ${percent(row.end, row.start, span)})` }}
                  aria-label={`${row.label}: ${duration}${approval}${state}`}
                  aria-expanded={open === key}
                  aria-current={row.going ? 'step' : undefined}
                  onClick={() => setOpen(open === key ? null : key)}
                >
                  {row.kind === 'tool' && row.approval ? (
                    <span
                      className="timeline-approval"
                      style={{ left: percent(row.approval.start, row.start, Math.max(1, row.end - row.start)), width: percent(row.approval.end, row.approval.start, Math.max(1, row.end - row.start)) }}
                    />
                  ) : null}
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="timeline-legend">
        <span className="legend legend-round-trip">model round-trip</span> <span className="legend legend-retry">retry</span> <span className="legend legend-tool">tool call</span>{' '}
        <span className="legend legend-approval">waiting for approval</span> · <span className="timeline-total">the whole run took {formatDuration(span)}</span>
      </p>
      {chosen ? <Details row={chosen} /> : null}
    </div>
  );
}

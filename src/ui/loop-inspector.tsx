/**
 * The Loop inspector: every interaction (a prompt and its continuations), its round-trips in
 * order, and for each the raw request as sent and the raw response chunks as received. Raw
 * JSON is rendered only when a round-trip is opened, so long sessions stay cheap.
 */
import { useState } from 'react';
import type { LoopscopeDb } from '../store/read';
import { useRoundTrips } from '../store/read';
import type { RoundTripRecord } from '../store/types';
import { ProjectInstructionsNote } from './project-instructions-note';

const MAX_JSON_CHARS = 200_000;

function json(value: unknown): string {
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  return text.length > MAX_JSON_CHARS ? `${text.slice(0, MAX_JSON_CHARS)}\n… (${text.length - MAX_JSON_CHARS} more characters)` : text;
}

/** One line about what was asked: the last content of the request. */
export function describeRequest(roundTrip: RoundTripRecord): string {
  const last = roundTrip.request.contents.at(-1);
  if (!last) return 'empty request';
  const kinds = last.parts.map((part) =>
    part.functionResponse ? `result of ${part.functionResponse.name}` : part.functionCall ? `call ${part.functionCall.name}` : part.text ? 'text' : 'part',
  );
  return `${roundTrip.request.contents.length} contents; last: ${last.role} (${[...new Set(kinds)].join(', ')})`;
}

/** One line about what came back: calls, text size, finish reason or error. */
export function describeResponse(roundTrip: RoundTripRecord): string {
  if (roundTrip.error) return `failed: ${roundTrip.error.message}`;
  let text = 0;
  const calls: string[] = [];
  let finish = '';
  for (const chunk of roundTrip.response as { candidates?: { content?: { parts?: { text?: string; thought?: boolean; functionCall?: { name?: string } }[] }; finishReason?: string }[] }[]) {
    const candidate = chunk?.candidates?.[0];
    for (const part of candidate?.content?.parts ?? []) {
      if (part.functionCall?.name) calls.push(part.functionCall.name);
      else if (part.text && !part.thought) text += part.text.length;
    }
    if (candidate?.finishReason) finish = candidate.finishReason;
  }
  const pieces = [calls.length ? `calls ${calls.join(', ')}` : '', text ? `${text} characters of text` : '', finish ? `finish ${finish}` : ''];
  return pieces.filter(Boolean).join('; ') || `${roundTrip.response.length} chunks`;
}

export function groupByInteraction(roundTrips: readonly RoundTripRecord[]): RoundTripRecord[][] {
  const groups = new Map<string, RoundTripRecord[]>();
  for (const roundTrip of roundTrips) groups.set(roundTrip.interactionId, [...(groups.get(roundTrip.interactionId) ?? []), roundTrip]);
  return [...groups.values()];
}

function RoundTripRow({ roundTrip, index }: { roundTrip: RoundTripRecord; index: number }) {
  const [open, setOpen] = useState(false);
  const duration = roundTrip.endedAt !== undefined ? `${roundTrip.endedAt - roundTrip.startedAt} ms` : 'in progress';
  return (
    <li className={`round-trip${roundTrip.error ? ' failed' : ''}`}>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Round-trip {index + 1} · {roundTrip.request.model} · {duration}
      </button>
      <p className="round-trip-summary">
        → {describeRequest(roundTrip)}
        <br />← {describeResponse(roundTrip)}
      </p>
      <ProjectInstructionsNote systemInstruction={roundTrip.request.systemInstruction} />
      {open ? (
        <div className="round-trip-raw">
          <h4>Request</h4>
          <pre aria-label="Raw request">{json(roundTrip.request)}</pre>
          <h4>Response ({roundTrip.response.length} chunks)</h4>
          <pre aria-label="Raw response">{json(roundTrip.error ? { error: roundTrip.error, chunks: roundTrip.response } : roundTrip.response)}</pre>
        </div>
      ) : null}
    </li>
  );
}

export function LoopInspector({ db, sessionId }: { db: LoopscopeDb; sessionId: string }) {
  const roundTrips = useRoundTrips(db, sessionId);
  if (!roundTrips) return <p className="empty">Loading…</p>;
  if (roundTrips.length === 0) return <p className="empty">No model calls yet. Each round-trip of the loop appears here with its raw request and response.</p>;
  const interactions = groupByInteraction(roundTrips);
  return (
    <div className="loop-inspector">
      <p className="inspector-totals">
        {interactions.length} interaction(s), {roundTrips.length} round-trip(s)
      </p>
      {interactions.map((group, index) => (
        <section key={group[0]?.interactionId ?? index} aria-label={`Interaction ${index + 1}`}>
          <h3>
            Interaction {index + 1} · {group.length} round-trip(s)
          </h3>
          <ol>
            {group.map((roundTrip, position) => (
              <RoundTripRow key={roundTrip.id} roundTrip={roundTrip} index={position} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

/**
 * One turn in the Loop inspector: its round-trips (retries marked), each with the request and
 * response in one line, its times, tokens and cost (with its fixed prefix's share), its thoughts folded, and the raw JSON only once
 * opened; then the tool calls the turn asked for with their status timelines, and where
 * compression or a loop guard acted.
 */
import { useContext, useState } from 'react';
import type { LoopEventNote, RoundTripRecord, ToolTimeline } from '../../store/types';
import {
  clockTime,
  describeRequest,
  describeResponse,
  durationMs,
  eventLine,
  formatDuration,
  replyOf,
  thoughtsOf,
  tokensLine,
  turnTitle,
} from './inspector-model';
import { editableReply } from '../../shared/fork-point';
import type { ForkEditRequest } from '../transcript/fork-edit-dialog';
import { anchorKey } from '../../shared/notes';
import { StepNote } from '../transcript/step-note';
import type { SaveNote } from '../transcript/step-note';
import type { InspectorSubagent, InspectorTurn } from './inspector-model';
import { tokensOf } from '../../shared/response-usage';
import { ProjectInstructionsNote } from '../agent/project-instructions-note';
import { ThoughtsDisclosure } from '../transcript/thoughts-disclosure';
import { PricesContext, costLine, prefixLine } from './inspector-cost';

const MAX_JSON_CHARS = 200_000;

function json(value: unknown): string {
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  return text.length > MAX_JSON_CHARS ? `${text.slice(0, MAX_JSON_CHARS)}\n… (${text.length - MAX_JSON_CHARS} more characters)` : text;
}

const STATUS_LABEL: Record<string, string> = {
  validating: 'validating',
  scheduled: 'scheduled',
  awaiting_approval: 'awaiting approval',
  executing: 'executing',
  success: 'success',
  error: 'error',
  cancelled: 'cancelled',
};

/** A round-trip's note: its text, and Add note's editor (shared/notes.ts keys it by the round-trip's place). */
export interface RoundTripNotes {
  notes: Readonly<Record<string, string>> | undefined;
  onSave: SaveNote | null;
  /** The round-trip's place among the session's round-trips (1 for the first). */
  ordinal(roundTripId: string): number;
}

function RoundTripRow({ roundTrip, number, retry, onEditFork, notes }: { roundTrip: RoundTripRecord; number: number; retry: number; onEditFork: EditFork | null; notes: RoundTripNotes | null }) {
  const [open, setOpen] = useState(false);
  const [noting, setNoting] = useState(false);
  const prices = useContext(PricesContext);
  const prefix = prefixLine(roundTrip, prices);
  const anchor = anchorKey({ kind: 'round-trip', ordinal: notes?.ordinal(roundTrip.id) ?? number });
  const note = notes?.notes?.[anchor];
  const duration = durationMs(roundTrip);
  const thoughts = thoughtsOf(roundTrip);
  const editable = onEditFork !== null && !roundTrip.error && roundTrip.endedAt !== undefined && !roundTrip.turn?.purpose;
  const title = `Round-trip ${number}${retry ? ` (retry ${retry})` : ''} · ${roundTrip.request.model} · ${duration === null ? 'in progress' : formatDuration(duration)}`;
  return (
    <li className={`round-trip${roundTrip.error ? ' failed' : ''}${retry ? ' retry' : ''}`}>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {title}
      </button>
      <p className="round-trip-summary">
        → {describeRequest(roundTrip)}
        <br />← {describeResponse(roundTrip)}
      </p>
      <p className="round-trip-facts">
        <span>
          {clockTime(roundTrip.startedAt)} → {roundTrip.endedAt === undefined ? '…' : clockTime(roundTrip.endedAt)}
          {duration === null ? '' : ` (${formatDuration(duration)})`}
        </span>
        <span>{tokensLine(tokensOf(roundTrip.response))}</span>
        <span className="round-trip-cost">{costLine(roundTrip, prices)}</span>
        {prefix ? <span className="round-trip-prefix">{prefix}</span> : null}
      </p>
      {thoughts ? (
        <ThoughtsDisclosure>
          <p className="thoughts-text">{thoughts}</p>
        </ThoughtsDisclosure>
      ) : null}
      <ProjectInstructionsNote systemInstruction={roundTrip.request.systemInstruction} />
      {notes?.onSave || editable ? (
        <div className="round-trip-actions">
          {notes?.onSave ? (
            <button type="button" className="link-button" onClick={() => setNoting(true)}>
              {note ? 'Edit note' : 'Add note'}
            </button>
          ) : null}
          {editable ? (
            <button
              type="button"
              className="link-button"
              title="A new session where the model had replied as you write it"
              onClick={() => onEditFork({ kind: 'reply', point: { kind: 'reply', roundTripId: roundTrip.id }, initial: editableReply(replyOf(roundTrip)) })}
            >
              Edit reply and fork
            </button>
          ) : null}
        </div>
      ) : null}
      {notes ? <StepNote anchor={anchor} text={note} editing={noting} onSave={notes.onSave} onDone={() => setNoting(false)} /> : null}
      {open ? (
        <div className="round-trip-raw">
          {/* Each holds more than it shows: focusable, so the keyboard can scroll it. */}
          <h5>Request</h5>
          <pre aria-label="Raw request" tabIndex={0}>{json(roundTrip.request)}</pre>
          <h5>Response ({roundTrip.response.length} chunks)</h5>
          <pre aria-label="Raw response" tabIndex={0}>{json(roundTrip.error ? { error: roundTrip.error, chunks: roundTrip.response } : roundTrip.response)}</pre>
        </div>
      ) : null}
    </li>
  );
}

function ToolTimelineView({ call }: { call: ToolTimeline }) {
  const first = call.steps[0]?.at ?? 0;
  const label = `${call.name} ${call.summary}`.trim();
  return (
    <li className="tool-timeline">
      <p>
        <strong>{call.name}</strong> {call.summary}
      </p>
      <ol aria-label={`Timeline of ${label}`}>
        {call.steps.map((step, index) => (
          <li key={index} className={`step ${step.status}`}>
            <span className="step-status">{STATUS_LABEL[step.status] ?? step.status}</span>{' '}
            {step.progress ? <span className="step-progress">{step.progress} </span> : null}
            <time dateTime={new Date(step.at).toISOString()} title={clockTime(step.at)}>
              {index === 0 ? clockTime(step.at) : `+${formatDuration(step.at - first)}`}
            </time>
          </li>
        ))}
      </ol>
    </li>
  );
}

function EventNote({ event, attempts }: { event: LoopEventNote; attempts: readonly RoundTripRecord[] }) {
  const during = attempts.some((roundTrip) => roundTrip.startedAt <= event.at && (roundTrip.endedAt ?? Infinity) >= event.at);
  const before = attempts[0] !== undefined && event.at < attempts[0].startedAt;
  // A steering note is the request's own (its messages joined right before it was built); times in ms can tie with its start.
  const where = event.type === 'steering_joined' ? 'joined before this request' : during ? 'during this turn' : before ? 'before this turn' : 'after this turn';
  return (
    <p className={`loop-event ${event.type}`} role="note">
      {eventLine(event)} · {clockTime(event.at)}, {where}
    </p>
  );
}

/** Opens Edit reply (ui/transcript/fork-edit-dialog.tsx) for a round-trip's reply. */
export type EditFork = (request: ForkEditRequest) => void;

export function TurnView({
  turn,
  index,
  firstNumber,
  onEditFork = null,
  notes = null,
}: {
  turn: InspectorTurn;
  index: number;
  firstNumber: number;
  onEditFork?: EditFork | null;
  notes?: RoundTripNotes | null;
}) {
  const title = turnTitle(turn, index);
  return (
    <li className={`turn ${turn.purpose}`}>
      <h4>{title}</h4>
      <ol className="round-trips" aria-label={`Round-trips of turn ${index + 1}`}>
        {turn.attempts.map((roundTrip, attempt) => (
          <RoundTripRow key={roundTrip.id} roundTrip={roundTrip} number={firstNumber + attempt} retry={attempt} onEditFork={onEditFork} notes={notes} />
        ))}
      </ol>
      {turn.toolCalls.length > 0 ? (
        <ol className="tool-timelines" aria-label={`Tool calls of turn ${index + 1}`}>
          {turn.toolCalls.map((call) => (
            <ToolTimelineView key={call.callId} call={call} />
          ))}
        </ol>
      ) : null}
      {turn.subagents?.map((subagent) => <SubagentTurns key={subagent.callId} subagent={subagent} />)}
      {turn.events.map((event, position) => (
        <EventNote key={position} event={event} attempts={turn.attempts} />
      ))}
    </li>
  );
}

/** A `task` call's subagent under its turn's calls: its own turns and round-trips, numbered within it (no notes or forks: its history is not the session's). */
function SubagentTurns({ subagent }: { subagent: InspectorSubagent }) {
  let number = 1;
  return (
    <section className="inspector-subagent" aria-label={`Subagent: ${subagent.description}`}>
      <h5>
        Subagent of task {subagent.description}
      </h5>
      <ol className="turns">
        {subagent.turns.map((turn, position) => {
          const firstNumber = number;
          number += turn.attempts.length;
          return <TurnView key={turn.id} turn={turn} index={position} firstNumber={firstNumber} />;
        })}
      </ol>
    </section>
  );
}

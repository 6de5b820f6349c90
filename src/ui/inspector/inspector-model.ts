/**
 * The Loop inspector's reading of the stored round-trips: interaction → turn → round-trip.
 * A turn is one model request as the loop makes it, its retries, and the tool calls its
 * response asked for (RoundTrip.turn names it; RoundTripRecord.notes holds the calls' timelines
 * and the compression and loop-guard events). Records made before turns were recorded have no
 * `turn`: each is a turn of its own, except one that follows a failed record of the same
 * interaction, which is taken as that turn's retry.
 */
import { editedReplyOf } from '../../shared/fork-point';
import type { EditedReply } from '../../shared/fork-point';
import { replyFromChunks } from '../../shared/raw-reply';
import { hookRunLine } from '../../shared/hook-run';
import type { Tokens } from '../../shared/response-usage';
import type { LoopEventNote, RoundTripRecord, ToolTimeline } from '../../store/types';

export type TurnPurpose = 'turn' | 'compression' | 'next_speaker';

export interface InspectorTurn {
  id: string;
  purpose: TurnPurpose;
  /** In order; every one after the first is a retry (the one before it failed or was unusable). */
  attempts: RoundTripRecord[];
  toolCalls: ToolTimeline[];
  events: LoopEventNote[];
  /** The subagents its calls ran (a `task` call's nested loop), each under its call. */
  subagents?: InspectorSubagent[];
}

export interface InspectorInteraction {
  id: string;
  turns: InspectorTurn[];
  roundTrips: number;
}

/** A `task` call's subagent: its own turns (RoundTrip.subagent marks their records), shown under the call. */
export interface InspectorSubagent {
  callId: string;
  description: string;
  turns: InspectorTurn[];
}

/** The session's own round-trips, without its subagents': what round-trip numbers, notes and totals count. */
export function ownRoundTrips(roundTrips: readonly RoundTripRecord[]): RoundTripRecord[] {
  return roundTrips.filter((roundTrip) => !roundTrip.subagent);
}

/**
 * Interactions of the session's own round-trips; a subagent's go with the turn whose reply asked
 * for its `task` call (or, when that call's timeline is not known, the last turn begun before it).
 */
export function groupRoundTrips(roundTrips: readonly RoundTripRecord[]): InspectorInteraction[] {
  const interactions = groupInteractions(ownRoundTrips(roundTrips));
  const nested = new Map<string, RoundTripRecord[]>();
  for (const roundTrip of roundTrips) {
    if (roundTrip.subagent) nested.set(roundTrip.subagent.callId, [...(nested.get(roundTrip.subagent.callId) ?? []), roundTrip]);
  }
  const turns = interactions.flatMap((interaction) => interaction.turns);
  for (const [callId, records] of nested) {
    const first = records[0]!;
    const turn = turns.find((candidate) => candidate.toolCalls.some((call) => call.callId === callId)) ?? turns.findLast((candidate) => (candidate.attempts[0]?.startedAt ?? Infinity) <= first.startedAt);
    if (!turn) continue;
    const subagent: InspectorSubagent = { callId, description: first.subagent!.description, turns: groupInteractions(records).flatMap((interaction) => interaction.turns) };
    turn.subagents = [...(turn.subagents ?? []), subagent];
  }
  return interactions;
}

function groupInteractions(roundTrips: readonly RoundTripRecord[]): InspectorInteraction[] {
  const interactions = new Map<string, InspectorInteraction>();
  const turns = new Map<string, InspectorTurn>();
  for (const roundTrip of roundTrips) {
    let interaction = interactions.get(roundTrip.interactionId);
    if (!interaction) interactions.set(roundTrip.interactionId, (interaction = { id: roundTrip.interactionId, turns: [], roundTrips: 0 }));
    interaction.roundTrips++;
    const last = interaction.turns.at(-1);
    const lastAttempt = last?.attempts.at(-1);
    const key = roundTrip.turn
      ? `${roundTrip.interactionId}/${roundTrip.turn.id}`
      : last && lastAttempt && !lastAttempt.turn && lastAttempt.error
        ? `${roundTrip.interactionId}/${last.id}`
        : `${roundTrip.interactionId}/${roundTrip.id}`;
    let turn = turns.get(key);
    if (!turn) {
      turn = { id: roundTrip.turn?.id ?? roundTrip.id, purpose: roundTrip.turn?.purpose ?? 'turn', attempts: [], toolCalls: [], events: [] };
      turns.set(key, turn);
      interaction.turns.push(turn);
    }
    turn.attempts.push(roundTrip);
    turn.toolCalls.push(...(roundTrip.notes?.toolCalls ?? []));
    turn.events.push(...(roundTrip.notes?.events ?? []));
  }
  return [...interactions.values()];
}

export function turnTitle(turn: InspectorTurn, index: number): string {
  const kind = turn.purpose === 'compression' ? ' · compression (summarizer)' : turn.purpose === 'next_speaker' ? ' · next-speaker check' : '';
  const retries = turn.attempts.length - 1;
  const calls = turn.toolCalls.length;
  return `Turn ${index + 1}${kind} · ${turn.attempts.length} round-trip(s)${retries ? `, ${retries} retr${retries === 1 ? 'y' : 'ies'}` : ''}${calls ? ` · ${calls} tool call(s)` : ''}`;
}

export function tokensLine(tokens: Tokens | null): string {
  if (!tokens) return 'tokens not reported';
  const pieces = [
    tokens.prompt === undefined ? '' : `prompt ${tokens.prompt.toLocaleString('en')}${tokens.cached ? ` (${tokens.cached.toLocaleString('en')} cached)` : ''}`,
    tokens.candidates === undefined ? '' : `response ${tokens.candidates.toLocaleString('en')}`,
    tokens.thoughts === undefined ? '' : `thoughts ${tokens.thoughts.toLocaleString('en')}`,
    tokens.total === undefined ? '' : `total ${tokens.total.toLocaleString('en')}`,
  ];
  return `tokens: ${pieces.filter(Boolean).join(', ')}`;
}

export function durationMs(roundTrip: RoundTripRecord): number | null {
  return roundTrip.endedAt === undefined ? null : roundTrip.endedAt - roundTrip.startedAt;
}

/** `842 ms`, `3.2 s`. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** Clock time with milliseconds, in the person's time zone: `14:03:07.215`. */
export function clockTime(at: number): string {
  const date = new Date(at);
  const pad = (value: number, length = 2) => String(value).padStart(length, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

interface RawPart {
  text?: string;
  thought?: boolean;
  functionCall?: { name?: string };
}
type RawChunk = { candidates?: { content?: { parts?: RawPart[] }; finishReason?: string }[] } | null | undefined;

function partsOf(roundTrip: RoundTripRecord): { parts: RawPart[]; finish: string } {
  const parts: RawPart[] = [];
  let finish = '';
  for (const chunk of roundTrip.response as RawChunk[]) {
    const candidate = chunk?.candidates?.[0];
    for (const part of candidate?.content?.parts ?? []) if (part && typeof part === 'object') parts.push(part);
    if (candidate?.finishReason) finish = candidate.finishReason;
  }
  return { parts, finish };
}

/** The thought text the response streamed (Gemini's thought parts), joined; '' when none. */
export function thoughtsOf(roundTrip: RoundTripRecord): string {
  return partsOf(roundTrip)
    .parts.filter((part) => part.thought && typeof part.text === 'string')
    .map((part) => part.text)
    .join('');
}

/** What the model answered, as the Edit reply dialog shows it (read from the raw chunks: shared/raw-reply.ts). */
export function replyOf(roundTrip: RoundTripRecord): EditedReply {
  return editedReplyOf(replyFromChunks(roundTrip.response));
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
  const { parts, finish } = partsOf(roundTrip);
  for (const part of parts) {
    if (part.functionCall?.name) calls.push(part.functionCall.name);
    else if (part.text && !part.thought) text += part.text.length;
  }
  const pieces = [calls.length ? `calls ${calls.join(', ')}` : '', text ? `${text} characters of text` : '', finish ? `finish ${finish}` : ''];
  return pieces.filter(Boolean).join('; ') || `${roundTrip.response.length} chunks`;
}

export function eventLine(event: LoopEventNote): string {
  if (event.type === 'steering_joined') return `Steering: this request carried ${event.value.messages.map((message) => `“${message.text}”`).join(', ')}`;
  if (event.type === 'hook_run') return hookRunLine(event.value);
  if (event.type === 'chat_compressed') {
    const { compressionStatus, originalTokenCount, newTokenCount } = event.value;
    return `Compression: ${compressionStatus} (${originalTokenCount.toLocaleString('en')} → ${newTokenCount.toLocaleString('en')} tokens)`;
  }
  return `Loop guard: ${event.value.loopType.replaceAll('_', ' ')}${event.value.detail ? ` (${event.value.detail})` : ''}`;
}

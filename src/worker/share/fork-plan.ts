/**
 * Where a fork from a step starts, from what the store holds: the history the model would see
 * next, the round-trips kept (those before the point, for the Loop inspector and a later
 * share), the round-trip number the title names, and the time after which the workspace's
 * checkpoints are undone to get the files as they were (fork-files.ts).
 *
 * The history comes from the stored history, else (a point from before a compression) from the
 * requests that still hold it.
 */
import type { Content } from '../../shared/content';
import type { AppError, Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';
import type { ForkPoint } from '../../shared/fork-point';
import type { RoundTripRecord } from '../../store/types';

export interface ForkPlan {
  history: Content[];
  roundTrips: RoundTripRecord[];
  /** 1-based: the round-trip whose reply asked for the calls, or the one the message was sent in. */
  roundTrip: number;
  /** Checkpoints taken after this time (epoch ms) are undone; null: the time is not known. */
  cutoff: number | null;
  /** At a reply: the reply as stored (the fork puts its edit after `history`). */
  reply?: Content;
}

const answers = (content: Content | undefined, callId: string) => content?.role === 'user' && content.parts.some((part) => part.functionResponse?.id === callId);
const asks = (content: Content | undefined, callId: string) => content?.role === 'model' && content.parts.some((part) => part.functionCall?.id === callId);

function planAtCall(history: readonly Content[], roundTrips: readonly RoundTripRecord[], callId: string): Result<ForkPlan, AppError> {
  const asking = roundTrips.findIndex((roundTrip) => roundTrip.notes?.toolCalls?.some((call) => call.callId === callId));
  const carrying = roundTrips.findIndex((roundTrip, index) => index > asking && answers(roundTrip.request.contents.at(-1), callId));
  // The stored history first (a request also holds what is added as it is sent), else the request that carried the results.
  let contents: readonly Content[] = history;
  let asked = history.findIndex((content) => asks(content, callId));
  if (asked < 0 && carrying >= 0) {
    contents = roundTrips[carrying]!.request.contents;
    asked = contents.length - 2;
  }
  if (asked < 0) return err({ kind: 'not-found', message: 'That tool call is no longer in the history (it was compressed), so there is nothing to fork from.' });
  if (!answers(contents[asked + 1], callId)) return err({ kind: 'no-result', message: 'That tool call has no result yet: fork from it once it has one.' });
  contents = contents.slice(0, asked + 2);
  // The round-trip whose reply asked: from the Loop inspector's notes, else the last request that ended where the reply begins.
  let index = asking;
  if (index < 0) index = roundTrips.findLastIndex((roundTrip) => !roundTrip.error && roundTrip.request.contents.length === asked);
  const calls = index >= 0 ? (roundTrips[index]!.notes?.toolCalls ?? []) : [];
  const ends = calls.map((call) => call.steps.at(-1)?.at ?? 0).filter((at) => at > 0);
  const cutoff = ends.length > 0 ? Math.max(...ends) : carrying >= 0 ? roundTrips[carrying]!.startedAt - 1 : null;
  return ok({ history: structuredClone(contents) as Content[], roundTrips: index >= 0 ? roundTrips.slice(0, index + 1) : [], roundTrip: index + 1, cutoff });
}

/** Where the entry with this id is: in the stored history, else (from before a compression) in the latest request that still holds it. */
function entryIndex(history: readonly Content[], roundTrips: readonly RoundTripRecord[], entryId: string): { contents: readonly Content[]; at: number } | null {
  const at = history.findIndex((content) => content.entryId === entryId);
  if (at >= 0) return { contents: history, at };
  for (let index = roundTrips.length - 1; index >= 0; index--) {
    const contents = roundTrips[index]!.request.contents;
    const found = contents.findIndex((content) => content.entryId === entryId);
    if (found >= 0) return { contents, at: found };
  }
  return null;
}

function planAtMessage(history: readonly Content[], roundTrips: readonly RoundTripRecord[], entryId: string): Result<ForkPlan, AppError> {
  const found = entryIndex(history, roundTrips, entryId);
  if (!found || found.contents[found.at]?.role !== 'user') return err({ kind: 'not-found', message: 'That message is not stored in this session (yet), so there is nothing to fork from.' });
  const { contents, at } = found;
  // The first request that carried it: by its id, else (a request stored before entries had
  // ids) the first holding the same entry at its place.
  let sentIn = roundTrips.findIndex((roundTrip) => roundTrip.request.contents.some((content) => content.entryId === entryId));
  if (sentIn < 0) sentIn = roundTrips.findIndex((roundTrip) => sameEntry(roundTrip.request.contents[at], contents[at]));
  const before = structuredClone(contents.slice(0, at)) as Content[];
  if (sentIn >= 0) return ok({ history: before, roundTrips: roundTrips.slice(0, sentIn), roundTrip: sentIn + 1, cutoff: roundTrips[sentIn]!.startedAt - 1 });
  // No request carried it: when nothing answered it yet, nothing the agent did since changed the
  // files; otherwise when they were as before it is not known (the person may fork with the
  // current files), never guessed.
  const unanswered = contents.slice(at + 1).every((content) => content.role === 'user');
  return ok({ history: before, roundTrips: [...roundTrips], roundTrip: roundTrips.length + 1, cutoff: unanswered ? Number.POSITIVE_INFINITY : null });
}

/** The same entry, whether or not either copy has its id (requests stored before entries had ids do not). */
function sameEntry(a: Content | undefined, b: Content | undefined): boolean {
  return a !== undefined && b !== undefined && a.role === b.role && JSON.stringify(a.parts) === JSON.stringify(b.parts);
}

/** The stored index of the model reply named: by its entry's id, or by the round-trip that brought it. */
function replyIndex(history: readonly Content[], roundTrips: readonly RoundTripRecord[], point: Extract<ForkPoint, { kind: 'reply' }>): number {
  if ('entryId' in point) {
    const at = history.findIndex((content) => content.entryId === point.entryId);
    return history[at]?.role === 'model' ? at : -1;
  }
  const roundTrip = roundTrips.find((candidate) => candidate.id === point.roundTripId);
  if (!roundTrip || roundTrip.error) return -1;
  const asked = roundTrip.request.contents;
  const at = asked.length;
  const continues = at === 0 || sameEntry(history[at - 1], asked[at - 1]);
  return continues && history[at]?.role === 'model' ? at : -1;
}

/** The history before the reply (the edited reply goes after it); the files as they were when it arrived. */
function planAtReply(history: readonly Content[], roundTrips: readonly RoundTripRecord[], point: Extract<ForkPoint, { kind: 'reply' }>): Result<ForkPlan, AppError> {
  const at = replyIndex(history, roundTrips, point);
  if (at < 0) return err({ kind: 'not-found', message: 'That reply is not in the stored history (it was compressed, or not stored yet), so there is nothing to fork from.' });
  const index = 'roundTripId' in point ? roundTrips.findIndex((roundTrip) => roundTrip.id === point.roundTripId) : roundTrips.findLastIndex((roundTrip) => !roundTrip.error && roundTrip.request.contents.length === at);
  const brought = index >= 0 ? roundTrips[index]! : undefined;
  return ok({
    history: structuredClone(history.slice(0, at)) as Content[],
    roundTrips: index >= 0 ? roundTrips.slice(0, index + 1) : [],
    roundTrip: index + 1,
    // Its calls' checkpoints, and everything later, come after the reply ended.
    cutoff: brought ? (brought.endedAt ?? brought.startedAt) : null,
    reply: structuredClone(history[at]!),
  });
}

/**
 * A subagent's round-trips (RoundTrip.subagent) carried another history: they neither carry the
 * session's entries nor count as its round-trips, and the fork does not take them along.
 */
export function planFork(history: readonly Content[], roundTrips: readonly RoundTripRecord[], point: ForkPoint): Result<ForkPlan, AppError> {
  const own = roundTrips.filter((roundTrip) => !roundTrip.subagent);
  switch (point.kind) {
    case 'call':
      return planAtCall(history, own, point.callId);
    case 'message':
      return planAtMessage(history, own, point.entryId);
    case 'reply':
      return planAtReply(history, own, point);
  }
}

/**
 * What a replay needs to play a subagent again, read from the recorded round-trips: for each
 * `task` call whose subagent's model requests were recorded (RoundTrip.subagent), the nested
 * conversation as the subagent had it — its prompt, each reply and the results of its calls —
 * so replay-plan.ts reads it like a session's history.
 *
 * The nested history is never stored, but each request carried all of it so far: the last
 * answered request's contents hold every reply but the last, which is read back from that
 * request's raw chunks (shared/raw-reply.ts). Failed attempts and the loop's own side requests
 * (compression, next speaker) are left out. A call whose subagent left no such round-trip (an
 * older link) has no entry: its replay answers from the recorded result.
 */
import type { RoundTrip } from '../agent/types';
import type { Content } from '../shared/content';
import { replyFromChunks } from '../shared/raw-reply';

/** The nested conversations of the recording's subagents, by their `task` call's id. */
export function recordedSubagents(roundTrips: readonly RoundTrip[]): Record<string, Content[]> {
  const last = new Map<string, RoundTrip>();
  for (const roundTrip of roundTrips) {
    if (!roundTrip.subagent || roundTrip.error || roundTrip.turn?.purpose) continue;
    const previous = last.get(roundTrip.subagent.callId);
    if (!previous || previous.startedAt <= roundTrip.startedAt) last.set(roundTrip.subagent.callId, roundTrip);
  }
  const conversations: Record<string, Content[]> = {};
  for (const [callId, roundTrip] of last) {
    const reply = replyFromChunks(roundTrip.response);
    conversations[callId] = reply ? [...roundTrip.request.contents, reply] : [...roundTrip.request.contents];
  }
  return conversations;
}

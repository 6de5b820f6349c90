/**
 * What each recorded model call answered, as history contents: the reply the loop stored, found
 * where the conversation continues (a later request, or the stored history, that repeats this
 * request and goes on), else read out of the raw chunks. And each tool call's arguments and
 * result, by call id. Only Include messages needs these.
 */
import type { Content, Part } from '../shared/content';
import { replyFromChunks } from '../shared/raw-reply';
import type { RoundTripRecord } from '../store/types';

export interface CallParts {
  call?: Part;
  result?: Part;
}

export interface ModelReplies {
  replyOf(roundTrip: RoundTripRecord): Content | undefined;
  callParts(callId: string): CallParts;
}

function sameContent(left: Content | undefined, right: Content | undefined): boolean {
  return left === right || (left !== undefined && right !== undefined && JSON.stringify(left) === JSON.stringify(right));
}

export function modelReplies(roundTrips: readonly RoundTripRecord[], history: readonly Content[]): ModelReplies {
  const conversations: (readonly Content[])[] = [...roundTrips.map((roundTrip) => roundTrip.request.contents), history];
  const byCall = new Map<string, CallParts>();
  const note = (id: string | undefined, key: keyof CallParts, part: Part) => {
    if (!id) return;
    const found = byCall.get(id) ?? {};
    found[key] ??= part;
    byCall.set(id, found);
  };
  for (const contents of conversations) {
    for (const content of contents) {
      for (const part of content.parts) {
        if (part.functionCall) note(part.functionCall.id, 'call', part);
        if (part.functionResponse) note(part.functionResponse.id, 'result', part);
      }
    }
  }
  const index = new Map(roundTrips.map((roundTrip, position) => [roundTrip.id, position]));

  return {
    replyOf(roundTrip) {
      if (roundTrip.error) return undefined;
      const asked = roundTrip.request.contents;
      const length = asked.length;
      for (const later of conversations.slice((index.get(roundTrip.id) ?? conversations.length - 1) + 1)) {
        if (later.length <= length || !sameContent(later[length - 1], asked[length - 1])) continue;
        const reply = later[length];
        if (reply?.role === 'model') return reply;
      }
      return replyFromChunks(roundTrip.response);
    },
    callParts: (callId) => byCall.get(callId) ?? {},
  };
}

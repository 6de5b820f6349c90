/**
 * Round-trips in a document without repeating the conversation: each request keeps the part
 * it shares with the previous request as a length (`prefix`), and each remaining content that
 * equals the history entry at its position as that entry's index. The system instruction and
 * tools are written only when they change. Unpacking gives back equal requests.
 */
import type { RoundTrip } from '../agent/types';
import type { Content } from '../shared/content';
import type { DocumentRoundTripNotes, PackedRoundTrip } from './document';

/** A round-trip as recorded, with the Loop inspector's notes when the store kept them. */
export type RecordedRoundTrip = RoundTrip & { notes?: DocumentRoundTripNotes };

/** JSON of each object once, so comparisons stay linear on long sessions. */
function jsonCache(): (value: unknown) => string {
  const cache = new WeakMap<object, string>();
  return (value) => {
    if (!value || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
    let text = cache.get(value);
    if (text === undefined) cache.set(value, (text = JSON.stringify(value)));
    return text;
  };
}

export function packRoundTrips(roundTrips: readonly RecordedRoundTrip[], history: readonly Content[]): PackedRoundTrip[] {
  const json = jsonCache();
  const same = (a: unknown, b: unknown) => a === b || json(a) === json(b);
  let previous: RoundTrip['request'] | null = null;
  return roundTrips.map((roundTrip) => {
    const { request } = roundTrip;
    let prefix = 0;
    if (previous) {
      while (prefix < previous.contents.length && prefix < request.contents.length && same(previous.contents[prefix], request.contents[prefix])) prefix++;
    }
    const tail = request.contents.slice(prefix).map((content, offset): Content | number => {
      const position = prefix + offset;
      return position < history.length && same(history[position], content) ? position : content;
    });
    const changedPreamble = !previous || previous.systemInstruction !== request.systemInstruction || !same(previous.tools ?? null, request.tools ?? null);
    previous = request;
    const packed: PackedRoundTrip = {
      id: roundTrip.id,
      interactionId: roundTrip.interactionId,
      startedAt: roundTrip.startedAt,
      model: request.model,
      prefix,
      tail,
      response: roundTrip.response,
    };
    if (roundTrip.endedAt !== undefined) packed.endedAt = roundTrip.endedAt;
    if (changedPreamble) {
      packed.preamble = {};
      if (request.systemInstruction !== undefined) packed.preamble.systemInstruction = request.systemInstruction;
      if (request.tools !== undefined) packed.preamble.tools = request.tools;
    }
    if (request.config !== undefined) packed.config = request.config;
    if (roundTrip.error) packed.error = roundTrip.error;
    if (roundTrip.turn) packed.turn = roundTrip.turn;
    if (roundTrip.notes) packed.notes = roundTrip.notes;
    return packed;
  });
}

/** The round-trips as recorded; `packed` was checked (check-document.ts), so references exist. */
export function unpackRoundTrips(packed: readonly PackedRoundTrip[], history: readonly Content[]): RecordedRoundTrip[] {
  let previous: RoundTrip['request'] | null = null;
  return packed.map((roundTrip) => {
    const contents = [
      ...(previous?.contents.slice(0, roundTrip.prefix) ?? []),
      ...roundTrip.tail.map((content) => (typeof content === 'number' ? history[content]! : content)),
    ];
    const preamble = roundTrip.preamble ?? { systemInstruction: previous?.systemInstruction, tools: previous?.tools };
    const request: RoundTrip['request'] = { model: roundTrip.model, contents };
    if (preamble.systemInstruction !== undefined) request.systemInstruction = preamble.systemInstruction;
    if (preamble.tools !== undefined) request.tools = preamble.tools;
    if (roundTrip.config !== undefined) request.config = roundTrip.config;
    previous = request;
    const result: RecordedRoundTrip = { id: roundTrip.id, interactionId: roundTrip.interactionId, startedAt: roundTrip.startedAt, request, response: roundTrip.response };
    if (roundTrip.endedAt !== undefined) result.endedAt = roundTrip.endedAt;
    if (roundTrip.error) result.error = roundTrip.error;
    if (roundTrip.turn) result.turn = roundTrip.turn;
    if (roundTrip.notes) result.notes = roundTrip.notes;
    return result;
  });
}

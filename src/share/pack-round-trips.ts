/**
 * Round-trips in a document without repeating the conversation: each request keeps the part
 * it shares with the previous request as a length (`prefix`), and each remaining content that
 * equals the history entry at its position as that entry's index. The system instruction and
 * tools are written only when they change, times as differences (see document.ts), and the
 * round-trips' own ids (round-trip, interaction, turn) as short ones in order. Unpacking gives
 * back the same round-trips, with those ids short.
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

/**
 * The notes with times as differences: each event's and each call's first step from the
 * round-trip's start, each later step from the step before (or back, when `unpack`).
 */
function shiftNotes(notes: DocumentRoundTripNotes, start: number, unpack: boolean): DocumentRoundTripNotes {
  const shifted: DocumentRoundTripNotes = {};
  if (notes.toolCalls) {
    shifted.toolCalls = notes.toolCalls.map((call) => {
      let previous = start;
      const steps = call.steps.map((step) => {
        const at = unpack ? previous + step.at : step.at - previous;
        previous = unpack ? at : step.at;
        return { ...step, at };
      });
      return { ...call, steps };
    });
  }
  if (notes.events) shifted.events = notes.events.map((event) => ({ ...event, at: unpack ? start + event.at : event.at - start }));
  return shifted;
}

/** Short ids in order (`r1`, `r2`…) for ids only the round-trips use, so a link does not carry random ones. */
function shortIds(prefix: string): (id: string) => string {
  const ids = new Map<string, string>();
  return (id) => {
    if (!ids.has(id)) ids.set(id, `${prefix}${ids.size + 1}`);
    return ids.get(id)!;
  };
}

export function packRoundTrips(roundTrips: readonly RecordedRoundTrip[], history: readonly Content[], createdAt: number): PackedRoundTrip[] {
  const json = jsonCache();
  const same = (a: unknown, b: unknown) => a === b || json(a) === json(b);
  let previous: RoundTrip['request'] | null = null;
  let previousStart = createdAt;
  const roundTripId = shortIds('r');
  const interactionId = shortIds('i');
  const turnId = shortIds('t');
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
      id: roundTripId(roundTrip.id),
      interactionId: interactionId(roundTrip.interactionId),
      startedAt: roundTrip.startedAt - previousStart,
      model: request.model,
      prefix,
      tail,
      response: roundTrip.response,
    };
    previousStart = roundTrip.startedAt;
    if (roundTrip.endedAt !== undefined) packed.endedAt = roundTrip.endedAt - roundTrip.startedAt;
    if (changedPreamble) {
      packed.preamble = {};
      if (request.systemInstruction !== undefined) packed.preamble.systemInstruction = request.systemInstruction;
      if (request.tools !== undefined) packed.preamble.tools = request.tools;
    }
    if (request.config !== undefined) packed.config = request.config;
    if (roundTrip.error) packed.error = roundTrip.error;
    if (roundTrip.turn) packed.turn = { ...roundTrip.turn, id: turnId(roundTrip.turn.id) };
    if (roundTrip.subagent) packed.subagent = { ...roundTrip.subagent };
    if (roundTrip.notes) packed.notes = shiftNotes(roundTrip.notes, roundTrip.startedAt, false);
    return packed;
  });
}

/** The round-trips as recorded; `packed` was checked (check-document.ts), so references exist. */
export function unpackRoundTrips(packed: readonly PackedRoundTrip[], history: readonly Content[], createdAt: number): RecordedRoundTrip[] {
  let previous: RoundTrip['request'] | null = null;
  let previousStart = createdAt;
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
    const startedAt = previousStart + roundTrip.startedAt;
    previousStart = startedAt;
    const result: RecordedRoundTrip = { id: roundTrip.id, interactionId: roundTrip.interactionId, startedAt, request, response: roundTrip.response };
    if (roundTrip.endedAt !== undefined) result.endedAt = startedAt + roundTrip.endedAt;
    if (roundTrip.error) result.error = roundTrip.error;
    if (roundTrip.turn) result.turn = roundTrip.turn;
    if (roundTrip.subagent) result.subagent = roundTrip.subagent;
    if (roundTrip.notes) result.notes = shiftNotes(roundTrip.notes, startedAt, true);
    return result;
  });
}

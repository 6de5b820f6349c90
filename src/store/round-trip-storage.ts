/**
 * Round-trip storage without repetition: a request's contents that equal the start of an
 * earlier request of the session, and a system instruction and tools equal to its, are kept
 * as references (see StoredRoundTrip).
 */
import type { Content } from '../shared/content';
import { plainEqual } from './history-diff';
import type { RoundTripRecord, StoredRoundTrip } from './types';

export function sharedPrefixLength(previous: readonly Content[], next: readonly Content[]): number {
  let length = 0;
  while (length < previous.length && length < next.length && (previous[length] === next[length] || plainEqual(previous[length], next[length]))) {
    length++;
  }
  return length;
}

/** True when both requests carry a system instruction or tools, and the same ones. */
export function samePreamble(previous: RoundTripRecord['request'], next: RoundTripRecord['request']): boolean {
  if (next.systemInstruction === undefined && next.tools === undefined) return false;
  return previous.systemInstruction === next.systemInstruction && (previous.tools === next.tools || plainEqual(previous.tools, next.tools));
}

/** Puts each request's shared prefix and preamble back; the records come in the order they started. */
export function expandRoundTrips(records: readonly StoredRoundTrip[]): RoundTripRecord[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  const expanded = new Map<string, RoundTripRecord>();
  const expand = (record: StoredRoundTrip, depth: number): RoundTripRecord => {
    const done = expanded.get(record.id);
    if (done) return done;
    const { contentsPrefix, preambleFrom, ...rest } = record;
    let result: RoundTripRecord = rest;
    const from = (id: string) => {
      const base = byId.get(id);
      return base && depth < records.length ? expand(base, depth + 1) : undefined;
    };
    if (contentsPrefix) {
      const prefix = from(contentsPrefix.roundTripId)?.request.contents.slice(0, contentsPrefix.length) ?? [];
      result = { ...result, request: { ...result.request, contents: [...prefix, ...result.request.contents] } };
    }
    const preamble = preambleFrom === undefined ? undefined : from(preambleFrom)?.request;
    if (preamble) {
      const { systemInstruction, tools } = preamble;
      result = { ...result, request: { ...result.request, ...(systemInstruction === undefined ? {} : { systemInstruction }), ...(tools === undefined ? {} : { tools }) } };
    }
    expanded.set(record.id, result);
    return result;
  };
  return records.map((record) => expand(record, 0));
}

/**
 * Round-trip storage without repetition: a request's contents that equal the start of an
 * earlier request of the session are kept as a reference (see StoredRoundTrip).
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

/** Puts each request's shared prefix back; the records come in the order they started. */
export function expandRoundTrips(records: readonly StoredRoundTrip[]): RoundTripRecord[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  const expanded = new Map<string, RoundTripRecord>();
  const expand = (record: StoredRoundTrip, depth: number): RoundTripRecord => {
    const done = expanded.get(record.id);
    if (done) return done;
    const { contentsPrefix, ...rest } = record;
    let result: RoundTripRecord = rest;
    if (contentsPrefix) {
      const base = byId.get(contentsPrefix.roundTripId);
      const prefix = base && depth < records.length ? expand(base, depth + 1).request.contents.slice(0, contentsPrefix.length) : [];
      result = { ...rest, request: { ...rest.request, contents: [...prefix, ...rest.request.contents] } };
    }
    expanded.set(record.id, result);
    return result;
  };
  return records.map((record) => expand(record, 0));
}

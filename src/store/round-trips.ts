/** Round-trips repository: raw model calls per session, for the loop inspector and replay. */
import type { Result } from '../shared/errors';
import type { RoundTrip } from '../agent/types';
import type { LoopscopeDb } from './db';
import { attempt } from './errors';
import { countRoundTripsOf, queryRoundTrips } from './queries';
import type { Content } from '../shared/content';
import { sharedPrefixLength } from './round-trip-storage';
import type { RoundTripRecord, StoreError, StoredRoundTrip } from './types';

/** The last request stored per session, by this writer (the worker is the only one). */
const lastStored = new WeakMap<LoopscopeDb, Map<string, { id: string; contents: readonly Content[] }>>();

/**
 * Adds or replaces (same id) a round-trip. Contents shared with the previous stored request of
 * the session are stored as a reference, so storage grows with what is new in each request.
 */
export function addRoundTrip(db: LoopscopeDb, sessionId: string, roundTrip: RoundTrip): Promise<Result<void, StoreError>> {
  let sessions = lastStored.get(db);
  if (!sessions) lastStored.set(db, (sessions = new Map()));
  const previous = sessions.get(sessionId);
  const contents = roundTrip.request.contents;
  const shared = previous && previous.id !== roundTrip.id ? sharedPrefixLength(previous.contents, contents) : 0;
  const record: StoredRoundTrip = { ...roundTrip, sessionId };
  if (previous && shared > 0) {
    record.request = { ...roundTrip.request, contents: contents.slice(shared) };
    record.contentsPrefix = { roundTripId: previous.id, length: shared };
  }
  return attempt(async () => {
    await db.roundTrips.put(record);
    sessions.set(sessionId, { id: roundTrip.id, contents });
  });
}

/** In the order they started. */
export function listRoundTrips(db: LoopscopeDb, sessionId: string): Promise<Result<RoundTripRecord[], StoreError>> {
  return attempt(() => queryRoundTrips(db, sessionId));
}

export function countRoundTrips(db: LoopscopeDb, sessionId: string): Promise<Result<number, StoreError>> {
  return attempt(() => countRoundTripsOf(db, sessionId));
}

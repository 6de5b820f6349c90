/** Round-trips repository: raw model calls per session, for the loop inspector and replay. */
import type { Result } from '../shared/errors';
import type { RoundTrip } from '../agent/types';
import type { LoopscopeDb } from './db';
import { attempt } from './errors';
import { countRoundTripsOf, queryRoundTrips } from './queries';
import type { RoundTripRecord, StoreError } from './types';

/** Adds or replaces (same id) a round-trip, so a finished call can overwrite its started record. */
export function addRoundTrip(
  db: LoopscopeDb,
  sessionId: string,
  roundTrip: RoundTrip,
): Promise<Result<void, StoreError>> {
  const record: RoundTripRecord = { ...roundTrip, sessionId };
  return attempt(async () => {
    await db.roundTrips.put(record);
  });
}

/** In the order they started. */
export function listRoundTrips(db: LoopscopeDb, sessionId: string): Promise<Result<RoundTripRecord[], StoreError>> {
  return attempt(() => queryRoundTrips(db, sessionId));
}

export function countRoundTrips(db: LoopscopeDb, sessionId: string): Promise<Result<number, StoreError>> {
  return attempt(() => countRoundTripsOf(db, sessionId));
}

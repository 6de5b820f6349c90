/** Round-trips repository: raw model calls per session, for the loop inspector and replay. */
import type { Result } from '../shared/errors';
import type { RoundTrip } from '../agent/types';
import type { LoopscopeDb } from './db';
import { attempt } from './errors';
import { countRoundTripsOf, queryRoundTrips } from './queries';
import { samePreamble, sharedPrefixLength } from './round-trip-storage';
import type { RoundTripNotes, RoundTripRecord, StoreError, StoredRoundTrip } from './types';

/** The last request stored per session, by this writer (the worker is the only one). */
const lastStored = new WeakMap<LoopscopeDb, Map<string, { id: string; request: RoundTrip['request'] }>>();

/**
 * Adds or replaces (same id) a round-trip. Contents shared with the previous stored request of
 * the session are stored as a reference, and so are its system instruction and tools when they
 * are the same (~6 KB a request), so storage grows with what is new in each request.
 */
export function addRoundTrip(db: LoopscopeDb, sessionId: string, roundTrip: RoundTrip, notes?: RoundTripNotes): Promise<Result<void, StoreError>> {
  return addRoundTrips(db, sessionId, [{ roundTrip, notes }]);
}

/** Adds or replaces several round-trips of a session, in the order they started, in one transaction (packed as addRoundTrip packs one). */
export function addRoundTrips(
  db: LoopscopeDb,
  sessionId: string,
  entries: readonly { roundTrip: RoundTrip; notes?: RoundTripNotes | undefined }[],
): Promise<Result<void, StoreError>> {
  let sessions = lastStored.get(db);
  if (!sessions) lastStored.set(db, (sessions = new Map()));
  const records = packInOrder(sessions.get(sessionId), sessionId, entries);
  const last = entries.at(-1)?.roundTrip;
  return attempt(async () => {
    if (!last) return;
    // All or none: bulkPut alone keeps the puts before one that fails.
    await db.transaction('rw', db.roundTrips, () => db.roundTrips.bulkPut(records));
    sessions.set(sessionId, { id: last.id, request: last.request });
  });
}

/** Each round-trip packed against the one before it, the first against `previous`. */
function packInOrder(
  previous: { id: string; request: RoundTrip['request'] } | undefined,
  sessionId: string,
  entries: readonly { roundTrip: RoundTrip; notes?: RoundTripNotes | undefined }[],
): StoredRoundTrip[] {
  return entries.map(({ roundTrip, notes }) => {
    const record = packAgainst(previous, sessionId, roundTrip, notes);
    previous = roundTrip;
    return record;
  });
}

function packAgainst(previous: { id: string; request: RoundTrip['request'] } | undefined, sessionId: string, roundTrip: RoundTrip, notes?: RoundTripNotes): StoredRoundTrip {
  const request = roundTrip.request;
  const earlier = previous && previous.id !== roundTrip.id ? previous : undefined;
  const shared = earlier ? sharedPrefixLength(earlier.request.contents, request.contents) : 0;
  const record: StoredRoundTrip = notes ? { ...roundTrip, sessionId, notes } : { ...roundTrip, sessionId };
  if (earlier && shared > 0) {
    record.request = { ...record.request, contents: request.contents.slice(shared) };
    record.contentsPrefix = { roundTripId: earlier.id, length: shared };
  }
  if (earlier && samePreamble(earlier.request, request)) {
    const { systemInstruction: _instruction, tools: _tools, ...rest } = record.request;
    record.request = rest;
    record.preambleFrom = earlier.id;
  }
  return record;
}

/** Replaces a stored round-trip's notes; nothing happens when it is not stored (yet). */
export function setRoundTripNotes(db: LoopscopeDb, roundTripId: string, notes: RoundTripNotes): Promise<Result<void, StoreError>> {
  return attempt(async () => {
    await db.roundTrips.where('id').equals(roundTripId).modify((record) => {
      record.notes = notes;
    });
  });
}

/** In the order they started. */
export function listRoundTrips(db: LoopscopeDb, sessionId: string): Promise<Result<RoundTripRecord[], StoreError>> {
  return attempt(() => queryRoundTrips(db, sessionId));
}

export function countRoundTrips(db: LoopscopeDb, sessionId: string): Promise<Result<number, StoreError>> {
  return attempt(() => countRoundTripsOf(db, sessionId));
}

/**
 * Round-trips as stored, packed against each other in order like addRoundTrip does (for a
 * session written at once: one opened from a link or a file).
 */
export function packForStorage(sessionId: string, roundTrips: readonly RoundTrip[]): StoredRoundTrip[] {
  return packInOrder(undefined, sessionId, roundTrips.map((roundTrip) => ({ roundTrip })));
}

/** The session's round-trips were replaced or removed: the next one is stored whole. */
export function forgetStoredRoundTrips(db: LoopscopeDb, sessionId: string): void {
  lastStored.get(db)?.delete(sessionId);
}

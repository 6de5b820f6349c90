/**
 * Sessions that arrive whole: opened from a share link or a session file, forked, or reset for
 * a replay. Each is written in one transaction, so a failure (a full disk) leaves nothing half
 * made.
 */
import type { RoundTrip } from '../agent/types';
import type { Content } from '../shared/content';
import { withEntryIds } from '../shared/content';
import { ok } from '../shared/errors';
import type { Result } from '../shared/errors';
import { newId } from '../shared/ids';
import { checkpointTables } from './checkpoint-storage';
import { deleteSessionCheckpoints } from './checkpoints';
import { byteSize } from './content-hash';
import type { LoopscopeDb } from './db';
import { attempt } from './errors';
import { sessionRange } from './queries';
import { forgetStoredRoundTrips, packForStorage } from './round-trips';
import type { FileContent, SessionOrigin, SessionRecord, SharedSessionRecord, StoreError, ToolCard } from './types';
import type { ForkOrigin } from '../shared/fork-point';
import type { ModelPrices } from '../shared/model-prices';

export interface WholeSession {
  title: string;
  origin: SessionOrigin;
  history: readonly Content[];
  roundTrips: readonly RoundTrip[];
  files: readonly { path: string; content: FileContent }[];
  /** For sessions opened from a link or a file: what Replay needs. */
  shared?: Omit<SharedSessionRecord, 'sessionId'>;
  /** A fork from a step: where it came from. */
  forkedFrom?: ForkOrigin;
  /** The tool cards of calls in `history`, as the person saw them. */
  cards?: Record<string, ToolCard>;
  /** Notes beside its steps (shared/notes.ts). */
  notes?: Record<string, string>;
  /** The prices its round-trips were counted at (a link's or a session file's). */
  prices?: ModelPrices;
}

async function writeContents(db: LoopscopeDb, sessionId: string, session: Pick<WholeSession, 'history' | 'roundTrips' | 'files'>): Promise<void> {
  const now = db.now();
  // Every entry stored has its id (Content.entryId): imports, forks and copies alike.
  await db.history.bulkPut(withEntryIds(session.history, newId).map((content, seq) => ({ sessionId, seq, content })));
  // Fresh ids: a round-trip's id is its key across sessions, and a fork copies the ones of the session it comes from.
  await db.roundTrips.bulkPut(packForStorage(sessionId, session.roundTrips.map((roundTrip) => ({ ...roundTrip, id: newId('round-trip') }))));
  await db.files.bulkPut(session.files.map((file) => ({ sessionId, path: file.path, content: file.content, size: byteSize(file.content), updatedAt: now })));
}

/** A new session holding all of `session`. Shared and imported ones start in 'ask' (reliability rule 5). */
export function createWholeSession(db: LoopscopeDb, session: WholeSession): Promise<Result<SessionRecord, StoreError>> {
  const now = db.now();
  const record: SessionRecord = { id: newId('session'), title: session.title.trim() || 'Untitled session', createdAt: now, updatedAt: now, origin: session.origin };
  if (session.origin !== 'local') record.approvalMode = 'ask';
  if (session.forkedFrom) record.forkedFrom = session.forkedFrom;
  // A fork of a recording holds someone else's conversation: it asks first too (reliability rule 5).
  if (session.forkedFrom?.recording) record.approvalMode = 'ask';
  if (session.notes && Object.keys(session.notes).length > 0) record.notes = session.notes;
  if (session.prices && Object.keys(session.prices).length > 0) record.prices = session.prices;
  return attempt(() =>
    db.transaction('rw', [db.sessions, db.heads, db.history, db.roundTrips, db.files, db.sharedSessions, db.toolCards], async () => {
      await db.sessions.add(record);
      await db.heads.put({ sessionId: record.id, revision: session.history.length > 0 ? 1 : 0 });
      await writeContents(db, record.id, session);
      const cards = Object.entries(session.cards ?? {});
      if (cards.length > 0) await db.toolCards.bulkPut(cards.map(([callId, card]) => ({ sessionId: record.id, callId, ...card })));
      if (session.shared) await db.sharedSessions.put({ ...session.shared, sessionId: record.id });
      return record;
    }),
  );
}

/** The session a link or file with this digest opened before, if it still exists. */
export async function findSharedSession(db: LoopscopeDb, digest: string): Promise<Result<string | null, StoreError>> {
  return attempt(async () => (await db.sharedSessions.where('digest').equals(digest).first())?.sessionId ?? null);
}

export function getSharedSession(db: LoopscopeDb, sessionId: string): Promise<Result<SharedSessionRecord | null, StoreError>> {
  return attempt(async () => (await db.sharedSessions.get(sessionId)) ?? null);
}

/** Keeps the recording's subagents with a shared session opened before they were kept (SharedSessionRecord.subagents). */
export function keepSharedSubagents(db: LoopscopeDb, sessionId: string, subagents: Record<string, Content[]>): Promise<Result<void, StoreError>> {
  return attempt(() =>
    db.transaction('rw', db.sharedSessions, async () => {
      const record = await db.sharedSessions.get(sessionId);
      if (record) await db.sharedSessions.put({ ...record, subagents });
    }),
  );
}

/**
 * Puts a session back to where its replay starts: this history, these files, no round-trips, cards or
 * checkpoints of an earlier replay. Bumps the history revision, so a writer holding the old
 * history gets a conflict instead of writing over the reset.
 */
export function resetSession(
  db: LoopscopeDb,
  sessionId: string,
  state: Pick<WholeSession, 'history' | 'files'>,
): Promise<Result<void, StoreError>> {
  const [lower, upper] = sessionRange(sessionId);
  return attempt(() =>
    db.transaction('rw', [db.heads, db.history, db.toolCards, db.roundTrips, db.files, ...checkpointTables(db)], async () => {
      await deleteSessionCheckpoints(db, sessionId);
      await db.history.where('[sessionId+seq]').between(lower, upper, true, true).delete();
      await db.toolCards.where('[sessionId+callId]').between(lower, upper, true, true).delete();
      await db.roundTrips.where('[sessionId+startedAt]').between(lower, upper, true, true).delete();
      await db.files.where('[sessionId+path]').between(lower, upper, true, true).delete();
      const head = await db.heads.get(sessionId);
      await db.heads.put({ sessionId, revision: (head?.revision ?? 0) + 1 });
      await writeContents(db, sessionId, { ...state, roundTrips: [] });
      forgetStoredRoundTrips(db, sessionId);
    }),
  ).then((done) => (done.ok ? ok(undefined) : done));
}

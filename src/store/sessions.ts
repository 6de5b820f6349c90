/**
 * Sessions repository (written by the worker). A session owns its history, round-trips,
 * workspace files and checkpoints; removing it removes them in the same transaction.
 */
import { err, ok } from '../shared/errors';
import type { Result } from '../shared/errors';
import { newId } from '../shared/ids';
import type { ApprovalMode } from '../agent/types';
import { checkpointTables } from './checkpoint-storage';
import { deleteSessionCheckpoints } from './checkpoints';
import type { LoopscopeDb } from './db';
import { attempt, notFound } from './errors';
import { querySession, querySessions, sessionRange } from './queries';
import { DEFAULT_SESSION_TITLE } from './types';
import type { GitHubSource, SessionOrigin, SessionRecord, StoreError } from './types';

export interface NewSession {
  title?: string;
  origin?: SessionOrigin;
  approvalMode?: ApprovalMode;
  id?: string;
}

/** A session's title from its first message: the first line, at most 48 characters. */
export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 48 ? `${line.slice(0, 47)}…` : line || DEFAULT_SESSION_TITLE;
}

function cleanTitle(title: string | undefined): string {
  const trimmed = title?.trim();
  return trimmed ? trimmed : DEFAULT_SESSION_TITLE;
}

/** A shared or imported session is untrusted: it always starts in 'ask' (reliability rule 5). */
export async function createSession(
  db: LoopscopeDb,
  init: NewSession = {},
): Promise<Result<SessionRecord, StoreError>> {
  const now = db.now();
  const origin = init.origin ?? 'local';
  const record: SessionRecord = {
    id: init.id ?? newId('session'),
    title: cleanTitle(init.title),
    createdAt: now,
    updatedAt: now,
    origin,
  };
  const approvalMode = origin === 'local' ? init.approvalMode : 'ask';
  if (approvalMode) record.approvalMode = approvalMode;
  const added = await attempt(() =>
    db.transaction('rw', [db.sessions, db.heads], async () => {
      await db.sessions.add(record);
      await db.heads.put({ sessionId: record.id, revision: 0 });
    }),
  );
  return added.ok ? ok(record) : added;
}

/** Newest (most recently updated) first. */
export function listSessions(db: LoopscopeDb): Promise<Result<SessionRecord[], StoreError>> {
  return attempt(() => querySessions(db));
}

/** ok(null) when the session does not exist. */
export function getSession(db: LoopscopeDb, id: string): Promise<Result<SessionRecord | null, StoreError>> {
  return attempt(() => querySession(db, id));
}

async function updateSession(
  db: LoopscopeDb,
  id: string,
  changes: Partial<Pick<SessionRecord, 'title' | 'approvalMode' | 'updatedAt' | 'github'>>,
): Promise<Result<void, StoreError>> {
  const updated = await attempt(() => db.sessions.update(id, changes));
  if (!updated.ok) return updated;
  return updated.value === 0 ? err(notFound('The session')) : ok(undefined);
}

/** An empty title becomes "New session". */
export function renameSession(db: LoopscopeDb, id: string, title: string): Promise<Result<void, StoreError>> {
  return updateSession(db, id, { title: cleanTitle(title), updatedAt: db.now() });
}

export function setSessionApprovalMode(
  db: LoopscopeDb,
  id: string,
  approvalMode: ApprovalMode,
): Promise<Result<void, StoreError>> {
  return updateSession(db, id, { approvalMode });
}

/** Where the session's files came from on GitHub (the last import from there). */
export function setSessionGitHubSource(db: LoopscopeDb, id: string, github: GitHubSource): Promise<Result<void, StoreError>> {
  return updateSession(db, id, { github });
}

/** Sets (or, with null, removes) the note at `key`; answers the session's notes as they are now. */
export function setSessionNote(db: LoopscopeDb, id: string, key: string, text: string | null): Promise<Result<Record<string, string>, StoreError>> {
  return attempt(() =>
    db.transaction('rw', db.sessions, async () => {
      const session = await db.sessions.get(id);
      if (!session) return undefined;
      const notes = { ...session.notes };
      if (text === null) delete notes[key];
      else notes[key] = text;
      await db.sessions.update(id, { notes });
      return notes;
    }),
  ).then((set) => (!set.ok ? set : set.value ? ok(set.value) : err(notFound('The session'))));
}

/** Marks the session as just used, so it moves to the top of the list. */
export function touchSession(db: LoopscopeDb, id: string): Promise<Result<void, StoreError>> {
  return updateSession(db, id, { updatedAt: db.now() });
}

/**
 * A message was sent in the session: an untitled session takes its title from the message
 * (renaming also moves it to the top of the list), a titled one is touched. Returns the
 * session as it is now.
 */
export async function noteMessage(db: LoopscopeDb, session: SessionRecord, text: string): Promise<SessionRecord> {
  if (session.title !== DEFAULT_SESSION_TITLE) {
    await touchSession(db, session.id);
    return session;
  }
  const title = titleFrom(text);
  await renameSession(db, session.id, title);
  return { ...session, title };
}

/**
 * Deletes the session and everything it owns, all or nothing: its checkpoints, their
 * tombstones, and the stored contents no other session's checkpoint still holds.
 * Removing a missing session is ok.
 */
export function removeSession(db: LoopscopeDb, id: string): Promise<Result<void, StoreError>> {
  const [lower, upper] = sessionRange(id);
  return attempt(() =>
    db.transaction('rw', [db.sessions, db.heads, db.history, db.toolCards, db.roundTrips, db.files, db.sharedSessions, ...checkpointTables(db)], async () => {
      await db.history.where('[sessionId+seq]').between(lower, upper, true, true).delete();
      await db.toolCards.where('[sessionId+callId]').between(lower, upper, true, true).delete();
      await db.roundTrips.where('[sessionId+startedAt]').between(lower, upper, true, true).delete();
      await db.files.where('[sessionId+path]').between(lower, upper, true, true).delete();
      await deleteSessionCheckpoints(db, id);
      await db.sharedSessions.delete(id);
      await db.heads.delete(id);
      await db.sessions.delete(id);
    }),
  );
}

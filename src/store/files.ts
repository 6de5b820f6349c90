/**
 * Workspace files repository. Files belong to a session (key [sessionId+path]); the
 * worker mirrors the sandbox here so a session reopens with its workspace.
 */
import { ok } from '../shared/errors';
import type { Result } from '../shared/errors';
import { byteSize } from './content-hash';
import type { LoopscopeDb } from './db';
import { attempt } from './errors';
import { queryFiles, sessionRange } from './queries';
import type { FileContent, FileRecord, StoreError } from './types';

export interface FileInput {
  path: string;
  content: FileContent;
}

function toRecord(db: LoopscopeDb, sessionId: string, file: FileInput): FileRecord {
  return { sessionId, path: file.path, content: file.content, size: byteSize(file.content), updatedAt: db.now() };
}

/** Sorted by path, with contents. */
export function listFiles(db: LoopscopeDb, sessionId: string): Promise<Result<FileRecord[], StoreError>> {
  return attempt(() => queryFiles(db, sessionId));
}

/** ok(null) when the file does not exist. */
export function getFile(db: LoopscopeDb, sessionId: string, path: string): Promise<Result<FileRecord | null, StoreError>> {
  return attempt(async () => (await db.files.get([sessionId, path])) ?? null);
}

export async function putFile(
  db: LoopscopeDb,
  sessionId: string,
  file: FileInput,
): Promise<Result<FileRecord, StoreError>> {
  const record = toRecord(db, sessionId, file);
  const put = await attempt(() => db.files.put(record));
  return put.ok ? ok(record) : put;
}

/**
 * Removes the file at `path` and, when `path` is a folder, everything under it.
 * Trailing slashes are ignored; '' removes the whole workspace. Returns how many were removed.
 */
export function removeFiles(db: LoopscopeDb, sessionId: string, path: string): Promise<Result<number, StoreError>> {
  return attempt(() => db.transaction('rw', db.files, () => removeWithin(db, sessionId, path)));
}

async function removeWithin(db: LoopscopeDb, sessionId: string, path: string): Promise<number> {
  const target = path.replace(/\/+$/, '');
  if (target === '') {
    const [lower, upper] = sessionRange(sessionId);
    return db.files.where('[sessionId+path]').between(lower, upper, true, true).delete();
  }
  const exact = await db.files.where('[sessionId+path]').equals([sessionId, target]).delete();
  // Every path under `target/` sorts in [target + '/', target + '0'): '0' follows '/'.
  const nested = await db.files
    .where('[sessionId+path]')
    .between([sessionId, `${target}/`], [sessionId, `${target}0`], true, false)
    .delete();
  return exact + nested;
}

/** A change to a stored workspace: content null removes the path and everything under it. */
export interface FileChange {
  path: string;
  content: FileContent | null;
}

/** Applies changes in order, in one transaction: all of them are stored, or none (an import, a rename). */
export function applyFileChanges(db: LoopscopeDb, sessionId: string, changes: readonly FileChange[]): Promise<Result<void, StoreError>> {
  return attempt(() =>
    db.transaction('rw', db.files, async () => {
      let puts: FileRecord[] = [];
      const flush = async () => {
        if (puts.length > 0) await db.files.bulkPut(puts);
        puts = [];
      };
      for (const change of changes) {
        if (change.content !== null) {
          puts.push(toRecord(db, sessionId, { path: change.path, content: change.content }));
          continue;
        }
        await flush();
        await removeWithin(db, sessionId, change.path);
      }
      await flush();
    }),
  );
}

/** Replaces the session's whole workspace in one transaction (restore, import). */
export function replaceFiles(
  db: LoopscopeDb,
  sessionId: string,
  files: readonly FileInput[],
): Promise<Result<void, StoreError>> {
  const records = files.map((file) => toRecord(db, sessionId, file));
  const [lower, upper] = sessionRange(sessionId);
  return attempt(() =>
    db.transaction('rw', db.files, async () => {
      await db.files.where('[sessionId+path]').between(lower, upper, true, true).delete();
      if (records.length > 0) await db.files.bulkPut(records);
    }),
  );
}

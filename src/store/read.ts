/**
 * The UI thread's view of storage: live queries that re-render when the worker commits.
 * The only importer of dexie-react-hooks. Each hook returns undefined while loading;
 * "does not exist" is null. A failing read throws to the nearest React error boundary
 * (the expected cause is a closed database after another tab upgraded it, which
 * openDatabase's onVersionChange already reports). Dexie's live queries need a global
 * `indexedDB` (any browser has one; node tests import 'fake-indexeddb/auto').
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { LoopscopeDb } from './db';
import {
  queryCheckpoints,
  queryFileContent,
  queryFileSummaries,
  queryFiles,
  queryRoundTrips,
  querySession,
  querySessions,
  querySettings,
} from './queries';
import type { ModelPrices } from '../shared/model-prices';
import type {
  CheckpointRecord,
  FileContent,
  FileRecord,
  FileSummary,
  RoundTripRecord,
  SessionRecord,
} from './types';

/** The UI may import only read.ts and types.ts from store/, so the db type is re-exported here. */
export type { LoopscopeDb } from './db';

/** Newest first. */
export function useSessions(db: LoopscopeDb): SessionRecord[] | undefined {
  return useLiveQuery(() => querySessions(db), [db]);
}

export function useSession(db: LoopscopeDb, id: string): SessionRecord | null | undefined {
  return useLiveQuery(() => querySession(db, id), [db, id]);
}

/** Paths and sizes sorted by path; contents are not loaded (see useFileContent). */
export function useFiles(db: LoopscopeDb, sessionId: string): FileSummary[] | undefined {
  return useLiveQuery(() => queryFileSummaries(db, sessionId), [db, sessionId]);
}

/** A file's content, read for one session and path. */
export interface ReadContent {
  sessionId: string;
  path: string;
  content: FileContent | null;
}

/**
 * The content of `path` in `sessionId` from what a live query last gave: undefined while that is
 * another file's. A live query keeps its last result while the next one loads, so on a switch of
 * tabs the file left would otherwise be shown, and edited, as the file opened.
 */
export function contentOf(read: ReadContent | undefined, sessionId: string, path: string): FileContent | null | undefined {
  return read && read.sessionId === sessionId && read.path === path ? read.content : undefined;
}

export function useFileContent(db: LoopscopeDb, sessionId: string, path: string): FileContent | null | undefined {
  const read = useLiveQuery(async (): Promise<ReadContent> => ({ sessionId, path, content: await queryFileContent(db, sessionId, path) }), [db, sessionId, path]);
  return contentOf(read, sessionId, path);
}

/** Every file of the session with its content, sorted by path (Compare with original sets two sessions' files side by side). */
export function useFileContents(db: LoopscopeDb, sessionId: string): FileRecord[] | undefined {
  return useLiveQuery(() => queryFiles(db, sessionId), [db, sessionId]);
}

/** The same, read once now (the Preview checks it shows the files as stored before a preview tool acts). */
export function readFileContents(db: LoopscopeDb, sessionId: string): Promise<FileRecord[]> {
  return queryFiles(db, sessionId);
}

export function useRoundTrips(db: LoopscopeDb, sessionId: string): RoundTripRecord[] | undefined {
  return useLiveQuery(() => queryRoundTrips(db, sessionId), [db, sessionId]);
}

/** The person's model prices (Settings → Model), as stored: the Loop inspector counts costs with them. Undefined while loading or when none are set. */
export function useModelPrices(db: LoopscopeDb): ModelPrices | undefined {
  return useLiveQuery(async () => (await querySettings(db)).modelPrices, [db]);
}

/** Oldest first, with their file snapshots. */
export function useCheckpoints(db: LoopscopeDb, sessionId: string): CheckpointRecord[] | undefined {
  return useLiveQuery(() => queryCheckpoints(db, sessionId), [db, sessionId]);
}

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
} from './queries';
import type {
  CheckpointRecord,
  FileContent,
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

export function useFileContent(db: LoopscopeDb, sessionId: string, path: string): FileContent | null | undefined {
  return useLiveQuery(() => queryFileContent(db, sessionId, path), [db, sessionId, path]);
}

export function useRoundTrips(db: LoopscopeDb, sessionId: string): RoundTripRecord[] | undefined {
  return useLiveQuery(() => queryRoundTrips(db, sessionId), [db, sessionId]);
}

/** Oldest first, with their file snapshots. */
export function useCheckpoints(db: LoopscopeDb, sessionId: string): CheckpointRecord[] | undefined {
  return useLiveQuery(() => queryCheckpoints(db, sessionId), [db, sessionId]);
}

/** Text files of the workspace with their contents, for the static preview (capped). */
export function useWorkspaceTextFiles(db: LoopscopeDb, sessionId: string, maxBytes = 4 * 1024 * 1024): Map<string, string> | undefined {
  return useLiveQuery(async () => {
    const files = await queryFiles(db, sessionId);
    const texts = new Map<string, string>();
    let total = 0;
    for (const file of files) {
      if (typeof file.content !== 'string') continue;
      total += file.size;
      if (total > maxBytes) break;
      texts.set(file.path, file.content);
    }
    return texts;
  }, [db, sessionId, maxBytes]);
}

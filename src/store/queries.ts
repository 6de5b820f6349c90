/**
 * Raw reads, shared by the live-query hooks (read.ts) and the repositories. They reject
 * on failure (a live query needs that); repositories wrap them into Result values.
 */
import { Dexie } from 'dexie';
import type { LoopscopeDb } from './db';
import { expandRoundTrips } from './round-trip-storage';
import { SETTINGS_KEY } from './schema';
import { DEFAULT_SETTINGS } from './types';
import type {
  CheckpointRecord,
  FileContent,
  FileRecord,
  FileSummary,
  RoundTripRecord,
  SessionRecord,
  SettingsRecord,
} from './types';
import type { Content } from '../shared/content';

/** Key range bounds covering every compound key that starts with `sessionId`. */
export function sessionRange(sessionId: string): [[string, unknown], [string, unknown]] {
  return [
    [sessionId, Dexie.minKey],
    [sessionId, Dexie.maxKey],
  ];
}

export function querySessions(db: LoopscopeDb): Promise<SessionRecord[]> {
  return db.sessions.orderBy('updatedAt').reverse().toArray();
}

/** null when the session does not exist (undefined is the hooks' "loading"). */
export async function querySession(db: LoopscopeDb, id: string): Promise<SessionRecord | null> {
  return (await db.sessions.get(id)) ?? null;
}

export async function queryHistory(db: LoopscopeDb, sessionId: string): Promise<Content[]> {
  const [lower, upper] = sessionRange(sessionId);
  const records = await db.history.where('[sessionId+seq]').between(lower, upper, true, true).toArray();
  return records.map((record) => record.content);
}

/**
 * The last `count` entries of a session's history and the index of the first: seqs run 0..n-1
 * (commits rewrite a suffix and delete beyond the new length), so the tail is one key range.
 */
export async function queryHistoryTail(db: LoopscopeDb, sessionId: string, count: number): Promise<{ history: Content[]; from: number }> {
  const [lower, upper] = sessionRange(sessionId);
  return db.transaction('r', db.history, async () => {
    const [last] = await db.history.where('[sessionId+seq]').between(lower, upper, true, true).reverse().limit(1).primaryKeys();
    const length = Array.isArray(last) && typeof last[1] === 'number' ? last[1] + 1 : 0;
    const from = Math.max(0, length - count);
    const records = await db.history.where('[sessionId+seq]').between([sessionId, from], upper, true, true).toArray();
    return { history: records.map((record) => record.content), from: records[0]?.seq ?? from };
  });
}

export async function queryRoundTrips(db: LoopscopeDb, sessionId: string): Promise<RoundTripRecord[]> {
  const [lower, upper] = sessionRange(sessionId);
  return expandRoundTrips(await db.roundTrips.where('[sessionId+startedAt]').between(lower, upper, true, true).toArray());
}

export function countRoundTripsOf(db: LoopscopeDb, sessionId: string): Promise<number> {
  const [lower, upper] = sessionRange(sessionId);
  return db.roundTrips.where('[sessionId+startedAt]').between(lower, upper, true, true).count();
}

export function queryFiles(db: LoopscopeDb, sessionId: string): Promise<FileRecord[]> {
  const [lower, upper] = sessionRange(sessionId);
  return db.files.where('[sessionId+path]').between(lower, upper, true, true).toArray();
}

/** Paths and sizes, sorted by path, read from index keys only (no file contents are loaded). */
export async function queryFileSummaries(db: LoopscopeDb, sessionId: string): Promise<FileSummary[]> {
  // Two-part bounds cover every [sessionId, path, size] key of the session. (Three-part
  // bounds with minKey/maxKey make Dexie's live-query range tracking raise a DataError.)
  const [lower, upper] = sessionRange(sessionId);
  const keys = await db.files.where('[sessionId+path+size]').between(lower, upper, true, true).keys();
  const summaries: FileSummary[] = [];
  for (const key of keys) {
    if (!Array.isArray(key)) continue;
    const [, path, size] = key as unknown[];
    if (typeof path === 'string' && typeof size === 'number') summaries.push({ path, size });
  }
  return summaries;
}

/** null when the file does not exist. */
export async function queryFileContent(db: LoopscopeDb, sessionId: string, path: string): Promise<FileContent | null> {
  const record = await db.files.get([sessionId, path]);
  return record ? record.content : null;
}

/** Oldest first, the order they were taken in: kept ones and the tombstones of pruned ones (`pruned: true`). */
export async function queryCheckpoints(db: LoopscopeDb, sessionId: string): Promise<CheckpointRecord[]> {
  const [lower, upper] = sessionRange(sessionId);
  // One transaction: a prune moving a checkpoint to its tombstone is seen before or after, never halfway.
  const [kept, pruned] = await db.transaction('r', [db.checkpoints, db.prunedCheckpoints], () =>
    Promise.all([
      db.checkpoints.where('[sessionId+createdAt]').between(lower, upper, true, true).toArray(),
      db.prunedCheckpoints.where('[sessionId+createdAt]').between(lower, upper, true, true).toArray(),
    ]),
  );
  const listed: CheckpointRecord[] = [...pruned.map((checkpoint) => ({ ...checkpoint, pruned: true as const })), ...kept];
  return listed.sort((a, b) => a.createdAt - b.createdAt);
}

/** Stored settings over the defaults. A stored key without rememberKey is never returned. */
export async function querySettings(db: LoopscopeDb): Promise<SettingsRecord> {
  const stored = await db.settings.get(SETTINGS_KEY);
  return normalizeSettings({ ...DEFAULT_SETTINGS, ...stored });
}

/** Drops the API keys, the GitHub token and the trace headers unless the person chose to remember them (reliability rule 9). */
export function normalizeSettings(settings: SettingsRecord): SettingsRecord {
  const { apiKey, openaiApiKey, githubToken, traceHeaders, ...rest } = settings;
  const kept: SettingsRecord = rest;
  if (settings.rememberKey && apiKey) kept.apiKey = apiKey;
  if (settings.rememberKey && openaiApiKey) kept.openaiApiKey = openaiApiKey;
  if (settings.rememberKey && githubToken) kept.githubToken = githubToken;
  if (settings.rememberKey && traceHeaders) kept.traceHeaders = traceHeaders;
  if (settings.mcpServers) kept.mcpServers = settings.rememberKey ? settings.mcpServers : settings.mcpServers.map(({ token: _token, ...server }) => server);
  return kept;
}

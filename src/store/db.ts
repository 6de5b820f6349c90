/**
 * The Loopscope database (Dexie over IndexedDB).
 *
 * Decision — one writer per kind of data:
 * - The agent worker is the only writer of sessions, history, round-trips, files and
 *   checkpoints (through the repositories in this folder).
 * - The UI thread writes settings only (settings.ts), and reads everything through live
 *   queries (read.ts), which update when the worker commits.
 * - Workspace files belong to a session: they are keyed by [sessionId+path] and deleted
 *   with it.
 * - Two tabs may still run two workers on one session; history commits carry the session
 *   revision they expect (table `heads`), so the second writer gets a `conflict` instead of
 *   overwriting. A commit writes `heads`, `history` and `toolCards` only, tables the UI does
 *   not watch.
 *
 * Reliability rule 10: another tab upgrading the schema fires `versionchange`: we close
 * this connection (so old code never writes into a new schema) and call onVersionChange
 * so the app can ask the person to reload. An upgrade waiting on an old tab fires
 * `blocked`: onBlocked lets the app say which tab to close.
 */
import { Dexie } from 'dexie';
import type { Table } from 'dexie';
import { SCHEMA_VERSIONS } from './schema';
import type { SchemaVersion } from './schema';
import type {
  BlobRecord,
  FileRecord,
  HeadRecord,
  HistoryRecord,
  ManifestRecord,
  PrunedCheckpoint,
  StoredCheckpoint,
  StoredRoundTrip,
  SessionRecord,
  SettingsRecord,
  SharedSessionRecord,
  ToolCardRecord,
} from './types';

export const DATABASE_NAME = 'loopscope';

export interface OpenDatabaseOptions {
  /** Default 'loopscope'. Tests pass a fresh name (or a fresh IDBFactory) per test. */
  name?: string;
  /** Injected IndexedDB (fake-indexeddb in tests); default: the global one. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** Another tab wants to upgrade or delete the database; this connection is already closed. */
  onVersionChange?: () => void;
  /** Our upgrade waits because another tab holds an older version open. */
  onBlocked?: () => void;
  /** Clock for createdAt/updatedAt; default Date.now. */
  now?: () => number;
  /** Schema versions to declare; default SCHEMA_VERSIONS. Only upgrade tests pass this. */
  versions?: readonly SchemaVersion[];
}

export class LoopscopeDb extends Dexie {
  declare readonly sessions: Table<SessionRecord, string>;
  declare readonly heads: Table<HeadRecord, string>;
  declare readonly history: Table<HistoryRecord, [string, number]>;
  declare readonly roundTrips: Table<StoredRoundTrip, string>;
  declare readonly files: Table<FileRecord, [string, string]>;
  declare readonly checkpoints: Table<StoredCheckpoint, string>;
  declare readonly prunedCheckpoints: Table<PrunedCheckpoint, string>;
  declare readonly manifests: Table<ManifestRecord, string>;
  declare readonly blobs: Table<BlobRecord, string>;
  declare readonly settings: Table<SettingsRecord, string>;
  declare readonly sharedSessions: Table<SharedSessionRecord, string>;
  declare readonly toolCards: Table<ToolCardRecord, [string, string]>;
  readonly now: () => number;

  constructor(options: OpenDatabaseOptions = {}) {
    const dependencies =
      options.indexedDB && options.IDBKeyRange
        ? { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange }
        : options.indexedDB
          ? { indexedDB: options.indexedDB }
          : {};
    super(options.name ?? DATABASE_NAME, dependencies);
    this.now = options.now ?? (() => Date.now());
    for (const schema of options.versions ?? SCHEMA_VERSIONS) {
      const version = this.version(schema.version).stores({ ...schema.stores });
      if (schema.upgrade) version.upgrade(schema.upgrade);
    }
    const { onVersionChange, onBlocked } = options;
    // Subscribers run newest first; returning false skips Dexie's default handler, which
    // would close with auto-reopen enabled and let this tab's old code reopen the new schema.
    this.on('versionchange', () => {
      this.close({ disableAutoOpen: true });
      onVersionChange?.();
      return false;
    });
    this.on('blocked', () => {
      onBlocked?.();
      return false;
    });
  }
}

/** Declares the schema; the connection opens lazily on the first query (or `await db.open()`). */
export function openDatabase(options: OpenDatabaseOptions = {}): LoopscopeDb {
  return new LoopscopeDb(options);
}

/**
 * Every published schema version, oldest first. Never edit or remove a published entry:
 * a browser may still hold a database at any of them (reliability rule 10). To change the
 * schema, append `{version: N + 1, stores: {changed tables only}, upgrade}`; Dexie runs each
 * upgrade in order from the version it finds. schema-upgrade.test.ts keeps the v1 path tested, checkpoint-migration.test.ts the
 * checkpoints of every earlier version.
 *
 * Index syntax (Dexie): first entry is the primary key, `[a+b]` is compound, `''` is an
 * outbound key (the settings row is stored under the key 'settings').
 */
import type { Transaction } from 'dexie';
import type { Content } from '../shared/content';
import { withEntryIds } from '../shared/content';
import { newId } from '../shared/ids';
import { moveCheckpointContentsToBlobs } from './checkpoint-migration';

export interface SchemaVersion {
  version: number;
  /** Table name → index spec; `null` deletes the table. */
  stores: Readonly<Record<string, string | null>>;
  /** Rewrites existing data from the previous version. */
  upgrade?: (transaction: Transaction) => PromiseLike<unknown> | void;
}

export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      sessions: 'id, updatedAt',
      history: '[sessionId+seq]',
      roundTrips: 'id, [sessionId+startedAt]',
      // The second index lets the file list read paths and sizes without loading contents.
      files: '[sessionId+path], [sessionId+path+size]',
      checkpoints: 'id, [sessionId+createdAt]',
      settings: '',
    },
  },
  {
    // History revisions move to their own table: commits no longer write `sessions`.
    version: 2,
    stores: { heads: 'sessionId' },
    upgrade: async (transaction) => {
      const sessions = transaction.table('sessions');
      const v1: { id: string; revision?: number }[] = await sessions.toArray();
      await transaction.table('heads').bulkPut(v1.map((session) => ({ sessionId: session.id, revision: session.revision ?? 0 })));
      await sessions.toCollection().modify((session: { revision?: number }) => {
        delete session.revision;
      });
    },
  },
  {
    // Checkpoints stop copying every file: contents are stored once by hash (blobs), a
    // checkpoint names a manifest of path → hash, and pruned checkpoints leave a tombstone.
    version: 3,
    stores: {
      checkpoints: 'id, [sessionId+createdAt], createdAt, manifest',
      prunedCheckpoints: 'id, [sessionId+createdAt]',
      manifests: 'hash, *blobs, size',
      blobs: 'hash, size',
    },
    upgrade: moveCheckpointContentsToBlobs,
  },
  {
    // Sessions opened from a share link or a session file keep what Replay needs (the
    // recorded history and the starting files), keyed by the session; `digest` finds the
    // session a link already opened.
    version: 4,
    stores: { sharedSessions: 'sessionId, digest' },
  },
  {
    // Each finished tool call's card (summary, final status), written with the history commit
    // that holds its result. A new table: sessions stored before it have no cards and are
    // shown as before (the page derives their cards from the history).
    version: 5,
    stores: { toolCards: '[sessionId+callId]' },
  },
  {
    // Every history entry has an id of its own (Content.entryId), which forks name it by:
    // entries stored before get one here, in the history and in a shared session's recording.
    version: 6,
    stores: {},
    upgrade: async (transaction) => {
      await transaction
        .table('history')
        .toCollection()
        .modify((record: { content?: Content }) => {
          if (record.content && record.content.entryId === undefined) record.content = { ...record.content, entryId: newId() };
        });
      await transaction
        .table('sharedSessions')
        .toCollection()
        .modify((record: { recordedHistory?: Content[] }) => {
          if (Array.isArray(record.recordedHistory)) record.recordedHistory = withEntryIds(record.recordedHistory, newId);
        });
    },
  },
];

export const SETTINGS_KEY = 'settings';

/**
 * A database held in memory only, for the embedded player's worker (init's `replayOnly`): a
 * course page's frame is a third-party one, where browsers that block third-party storage
 * (Chromium's off-the-record profiles, Safari, Firefox's strict mode) refuse IndexedDB, and a
 * replay-only player has nothing to keep. fake-indexeddb (pure JavaScript, loaded only here) is
 * the IndexedDB the store's code runs on, unchanged; it is gone with the frame.
 */
import { openDatabase } from './db';
import type { LoopscopeDb, OpenDatabaseOptions } from './db';

export async function openMemoryDatabase(options: Omit<OpenDatabaseOptions, 'indexedDB' | 'IDBKeyRange'> = {}): Promise<LoopscopeDb> {
  const { IDBFactory, IDBKeyRange } = await import('fake-indexeddb');
  return openDatabase({ ...options, indexedDB: new IDBFactory(), IDBKeyRange });
}

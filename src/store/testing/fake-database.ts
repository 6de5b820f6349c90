/**
 * A fresh in-memory database per call, over fake-indexeddb: its own IDBFactory, so
 * tests never share data. Other folders' tests may use it to get a real store.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { Result } from '../../shared/errors';
import { openDatabase } from '../db';
import type { LoopscopeDb, OpenDatabaseOptions } from '../db';

let counter = 0;

export interface FakeDatabase {
  db: LoopscopeDb;
  /** The factory behind `db`: open a second connection (another "tab") with `reopen`. */
  indexedDB: IDBFactory;
  reopen(options?: Omit<OpenDatabaseOptions, 'indexedDB' | 'IDBKeyRange' | 'name'>): LoopscopeDb;
}

export function openFakeDatabase(options: Omit<OpenDatabaseOptions, 'indexedDB' | 'IDBKeyRange'> = {}): FakeDatabase {
  const indexedDB = new IDBFactory();
  const name = options.name ?? `loopscope-test-${++counter}`;
  const db = openDatabase({ ...options, name, indexedDB, IDBKeyRange });
  return {
    db,
    indexedDB,
    reopen: (more = {}) => openDatabase({ ...more, name, indexedDB, IDBKeyRange }),
  };
}

/** A clock that advances one millisecond per reading, so orderings by time are deterministic. */
export function steppingClock(start = 1_000): () => number {
  let now = start;
  return () => now++;
}

/** The value of an ok result; throws (failing the test) with the error otherwise. */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (!result.ok) throw new Error(`unexpected store error: ${JSON.stringify(result.error)}`);
  return result.value;
}

/**
 * What the app has stored, read straight from IndexedDB in the page (without the app's code),
 * and a way to hold the workspace's file writes back for as long as the page lives.
 * Each crash run uses a fresh browser context, so the database holds one session.
 */
import type { Page } from '@playwright/test';

export interface StoredState {
  /** The text of every user entry of the stored history that is a message (not tool results), in order. */
  userTexts: string[];
  /** Workspace files by path (binary contents as `<binary>`). */
  files: Record<string, string>;
  /** Round trips stored for the Loop inspector. */
  roundTrips: number;
}

export function readStored(page: Page): Promise<StoredState> {
  return page.evaluate(async () => {
    const request = indexedDB.open('loopscope');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('indexedDB.open failed'));
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const read = db.transaction(store).objectStore(store).getAll();
        read.onsuccess = () => resolve(read.result as T[]);
        read.onerror = () => reject(read.error ?? new Error(`reading ${store} failed`));
      });
    type Part = { text?: string; functionResponse?: unknown };
    const history = await all<{ seq: number; content: { role: string; parts: Part[] } }>('history');
    const files = await all<{ path: string; content: unknown }>('files');
    const roundTrips = (await all<unknown>('roundTrips')).length;
    db.close();
    const userTexts = history
      .sort((a, b) => a.seq - b.seq)
      .filter((row) => row.content.role === 'user' && !row.content.parts.some((part) => part.functionResponse))
      .map((row) => row.content.parts.map((part) => part.text ?? '').join(''));
    return {
      userTexts,
      roundTrips,
      files: Object.fromEntries(files.map((file) => [file.path, typeof file.content === 'string' ? file.content : '<binary>'])),
    };
  });
}

/** How often `line` is a whole line of `text`. */
export function countLines(text: string | undefined, line: string): number {
  return (text ?? '').split('\n').filter((candidate) => candidate === line).length;
}

/**
 * Opens a read-write transaction on the `files` store and keeps it alive (one request after
 * another) until the page goes, so every write of the workspace's files waits behind it.
 * Resolves once the transaction holds the store.
 */
export function holdFileWrites(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const request = indexedDB.open('loopscope');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('indexedDB.open failed'));
    });
    const store = db.transaction('files', 'readwrite').objectStore('files');
    await new Promise<void>((resolve) => {
      const spin = () => {
        resolve();
        store.count().onsuccess = spin;
      };
      store.count().onsuccess = spin;
    });
  });
}

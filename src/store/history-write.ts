/**
 * The one transaction of a history commit, written straight to IndexedDB on the connection
 * Dexie opened, not through Dexie's tables. A commit runs once per round trip of the agent's
 * loop, on the path to the next model request; Dexie's layers around it (its promise zones and
 * middleware, and the change broadcast to other contexts' live queries) cost ~0.7 ms of each
 * (docs/measurements.md). Nothing watches these tables live: the page draws the transcript
 * from the worker's events, and other tabs learn of a commit from its revision (history.ts).
 *
 * The revision check and the writes are sent together (each request is a round trip to the
 * browser's storage): a failed check aborts the transaction, which rolls the writes back.
 */
import type { HistoryRecord, ToolCardRecord } from './types';

export interface HistoryWrite {
  sessionId: string;
  expectedRevision: number;
  records: readonly HistoryRecord[];
  /** The entries from `deleteFrom` up to (not including) `deleteTo` are deleted: the history got shorter (else the two are equal). */
  deleteFrom: number;
  deleteTo: number;
  cards: readonly ToolCardRecord[];
}

export type WriteStep = { type: 'committed' } | { type: 'conflict'; actual: number } | { type: 'missing' };

export function writeHistory(idb: IDBDatabase, write: HistoryWrite): Promise<WriteStep> {
  const { sessionId, expectedRevision, records, deleteFrom, deleteTo, cards } = write;
  return new Promise((resolve, reject) => {
    const transaction = idb.transaction(['heads', 'history', 'toolCards'], 'readwrite');
    let refused: WriteStep | null = null;
    transaction.oncomplete = () => resolve(refused ?? { type: 'committed' });
    transaction.onabort = () => (refused ? resolve(refused) : reject(transaction.error ?? new DOMException('The history commit was aborted.', 'AbortError')));
    try {
      const heads = transaction.objectStore('heads');
      const head = heads.get(sessionId);
      head.onsuccess = () => {
        const found = head.result as { revision: number } | undefined;
        // Committed here, not after the requests are placed: a committing transaction cannot be aborted.
        if (found && found.revision === expectedRevision) return transaction.commit();
        refused = found ? { type: 'conflict', actual: found.revision } : { type: 'missing' };
        transaction.abort();
      };
      const history = transaction.objectStore('history');
      for (const record of records) history.put(record);
      for (let seq = deleteFrom; seq < deleteTo; seq++) history.delete([sessionId, seq]);
      heads.put({ sessionId, revision: expectedRevision + 1 });
      const toolCards = transaction.objectStore('toolCards');
      for (const card of cards) toolCards.put(card);
    } catch (thrown) {
      // A request the browser refused at once (a value it cannot store): nothing of it is kept.
      try {
        transaction.abort();
      } catch {
        // already finished
      }
      reject(thrown);
    }
  });
}

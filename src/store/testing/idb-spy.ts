/**
 * Sees and refuses writes at the IndexedDB level (fake-indexeddb's object stores, every database
 * of the test file), below Dexie: the history commit writes there directly (history-write.ts).
 */
import { IDBObjectStore } from 'fake-indexeddb';

export interface IdbWrite {
  store: string;
  type: 'put' | 'delete';
  /** The value put, or the key deleted. */
  value: unknown;
}

/**
 * Calls `onWrite` before each put and delete into an object store named `store` (all stores
 * when omitted); what it throws is thrown by the request, as a browser refuses a write it
 * cannot take. Returns the function that ends it.
 */
export function spyOnWrites(onWrite: (write: IdbWrite) => void, store?: string): () => void {
  const prototype = IDBObjectStore.prototype as unknown as Record<'put' | 'delete', (this: { name: string }, ...args: unknown[]) => unknown>;
  const original = { put: prototype.put, delete: prototype.delete };
  for (const type of ['put', 'delete'] as const) {
    prototype[type] = function spied(this: { name: string }, ...args: unknown[]) {
      if (store === undefined || this.name === store) onWrite({ store: this.name, type, value: args[0] });
      return original[type].apply(this, args);
    };
  }
  return () => Object.assign(prototype, original);
}

/** What Chromium reports when the disk is full. */
export function quotaExceeded(): DOMException {
  return new DOMException('The quota has been exceeded.', 'QuotaExceededError');
}

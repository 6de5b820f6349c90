/** Stand-ins for this tab's sessionStorage in unit tests (tab-storage.ts's `Slot`). */
import type { Slot } from '../tab-storage';

/** A storage that keeps what it is given, in memory. */
export function memoryStorage(): Slot {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** A storage that refuses everything, as a full, disabled or missing one does. */
export function refusingStorage(): Slot {
  return {
    getItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
    setItem: () => {
      throw new DOMException('full', 'QuotaExceededError');
    },
    removeItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
  };
}

import type { UpdateOffers } from './types';

/**
 * The store behind the update notice: register.ts (loaded after the first paint, with
 * workbox-window) `offer`s a waiting version with the function that activates it and
 * `withdraw`s it when another tab took it; the UI reads `waiting()` and calls `accept()`.
 */
export interface UpdateOfferStore extends UpdateOffers {
  offer(activate: () => void): void;
  withdraw(): void;
}

export function createUpdateOffers(): UpdateOfferStore {
  let activate: (() => void) | null = null;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    waiting: () => activate !== null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    accept() {
      activate?.();
    },
    offer(next) {
      activate = next;
      changed();
    },
    withdraw() {
      activate = null;
      changed();
    },
  };
}

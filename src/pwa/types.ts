/** What the page's UI knows of app updates (the service worker side is in register.ts). */

/** A new version of the app, installed by the service worker and waiting for the person. */
export interface UpdateOffers {
  /** True while a new version waits to take over. */
  waiting(): boolean;
  /** Calls `listener` whenever `waiting()` may have changed; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Lets the waiting version take over, then reloads this page (once it is in control). */
  accept(): void;
}

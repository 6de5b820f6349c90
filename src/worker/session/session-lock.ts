/**
 * One writer per session across tabs. The worker that opens a session holds the session's Web
 * Lock (`loopscope-session:<id>`) for as long as it has the session open. A second tab that
 * opens the same session finds the lock held: it shows the session but writes nothing to it
 * (no runs, no saves, no restores) and offers to take it over. Taking over steals the lock:
 * the first tab's hold ends, and that tab stops its run and stops writing in turn. History
 * commits also carry the revision they expect (store/history.ts), so a write that was already
 * under way when the lock moved is refused rather than overwriting.
 */

export interface HeldSessionLock {
  release(): void;
}

export interface SessionLocks {
  /**
   * Holds `sessionId`'s lock, or resolves null when another tab holds it. With `steal` the lock
   * is taken from that tab. `lost` runs if another tab takes it from this hold later.
   */
  acquire(sessionId: string, options: { steal: boolean; lost: () => void }): Promise<HeldSessionLock | null>;
}

/** The subset of the Web Locks API (navigator.locks) used here. */
export interface LockManagerLike {
  request(name: string, options: { ifAvailable?: boolean; steal?: boolean }, callback: (lock: unknown) => Promise<void> | void): Promise<unknown>;
}

export const lockName = (sessionId: string) => `loopscope-session:${sessionId}`;

export function webSessionLocks(locks: LockManagerLike): SessionLocks {
  return {
    acquire(sessionId, { steal, lost }) {
      return new Promise((resolve, reject) => {
        let released = false;
        let granted = false;
        let release: () => void = () => {};
        const hold = new Promise<void>((done) => (release = done));
        locks
          .request(lockName(sessionId), steal ? { steal: true } : { ifAvailable: true }, (lock) => {
            if (!lock) return resolve(null);
            granted = true;
            resolve({
              release: () => {
                released = true;
                release();
              },
            });
            return hold;
          })
          // The request rejects when another tab steals the lock (AbortError).
          .catch((thrown: unknown) => {
            if (!granted) reject(thrown instanceof Error ? thrown : new Error(String(thrown)));
            else if (!released) lost();
          });
      });
    },
  };
}

/** Where the browser has no Web Locks (or in a single-tab host): every session is this tab's. */
export const singleTabLocks: SessionLocks = {
  acquire: async () => ({ release: () => {} }),
};

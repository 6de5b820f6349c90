/**
 * Which session this tab may write to (session-lock.ts): the controller claims a session's
 * lock when it opens it, and every request that writes asks `refusal()` first.
 */
import type { AppError } from '../../shared/errors';
import type { ClientRequest } from '../protocol';
import type { HeldSessionLock, SessionLocks } from './session-lock';

export interface Ownership {
  /** Holds the session's lock (taking it from another tab with `steal`); true when this tab now writes to it. */
  claim(sessionId: string, steal: boolean): Promise<boolean>;
  /** Why this request must not run now (it writes to a session open in another tab), else undefined. */
  refusal(request: ClientRequest['type']): AppError | undefined;
}

/** Requests that change the open session: refused while another tab has it. */
const WRITES: ReadonlySet<ClientRequest['type']> = new Set([
  'send',
  'steer',
  'continue',
  'write-file',
  'compress',
  'restore-checkpoints',
  'terminal-start',
  'import-files',
  'create-path',
  'rename-path',
  'delete-path',
  'set-note',
]);

export const OPEN_ELSEWHERE: AppError = {
  kind: 'session-elsewhere',
  message: 'This session is open in another tab, so this tab does not change it. Press "Take over here" to go on in this tab.',
};

export function createOwnership(locks: SessionLocks, lost: (sessionId: string) => void): Ownership {
  let held: { sessionId: string; lock: HeldSessionLock } | null = null;
  let owned = true;
  return {
    async claim(sessionId, steal) {
      if (held?.sessionId === sessionId) return (owned = true);
      held?.lock.release();
      held = null;
      const hold: { sessionId: string; lock: HeldSessionLock | null } = { sessionId, lock: null };
      const lostHold = () => {
        if (held?.lock !== hold.lock) return;
        held = null;
        owned = false;
        lost(sessionId);
      };
      // A browser that refuses locks (an opaque origin) leaves this tab the only writer it knows of.
      hold.lock = await locks.acquire(sessionId, { steal, lost: lostHold }).catch(() => ({ release: () => {} }));
      held = hold.lock ? { sessionId, lock: hold.lock } : null;
      return (owned = held !== null);
    },
    refusal: (request) => (owned || !WRITES.has(request) ? undefined : OPEN_ELSEWHERE),
  };
}

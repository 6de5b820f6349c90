/**
 * A double of the Web Locks API subset session-lock.ts uses, shared by several "tabs" in one
 * Node process: `ifAvailable` gets null while another holder has the name; `steal` ends the
 * current hold (its request rejects with an AbortError) and grants the lock at once.
 */
import type { LockManagerLike } from '../session/session-lock';

export function createMemoryLockManager(): LockManagerLike & { held(name: string): boolean } {
  const holders = new Map<string, object>();
  return {
    held: (name) => holders.has(name),
    async request(name, options, callback) {
      const current = holders.get(name);
      if (current && !options.steal) {
        if (options.ifAvailable) return callback(null);
        throw new Error('the double does not queue waiting requests');
      }
      const hold = {};
      holders.set(name, hold);
      let stealFrom: (error: Error) => void = () => {};
      const stolen = new Promise<never>((_resolve, reject) => (stealFrom = reject));
      stealers.set(hold, stealFrom);
      if (current) stealers.get(current)?.(Object.assign(new Error('The lock was stolen by another request'), { name: 'AbortError' }));
      try {
        return await Promise.race([callback({ name }), stolen]);
      } finally {
        if (holders.get(name) === hold) holders.delete(name);
        stealers.delete(hold);
      }
    },
  };
}

const stealers = new WeakMap<object, (error: Error) => void>();

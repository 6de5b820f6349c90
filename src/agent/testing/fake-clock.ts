/**
 * Virtual time for agent tests (spec §2: "retry delays are injected as 0").
 *
 * - `auto` mode (default): a pending sleep fires once every promise chain in flight has
 *   settled, earliest deadline first, and `now()` jumps to its deadline. Delays cost no
 *   real time, yet a 50 ms tool still ends after a 0 ms one.
 * - `manual` mode: sleeps wait until the test calls `advance(ms)`.
 *
 * It needs a macrotask to know the microtask queue is empty: `setImmediate`, which the
 * kernel lint allows because only this test double uses it.
 */
import type { Clock } from '../types';
import { abortError } from '../../shared/abort';

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

export interface FakeClock extends Clock {
  /** Manual mode: move time forward, firing due sleeps in order. */
  advance(ms: number): Promise<void>;
  /** Sleeps not yet fired. */
  pending(): number[];
  /** Every sleep requested, in order (ms). */
  readonly sleeps: number[];
  setMode(mode: 'auto' | 'manual'): void;
}

export function macrotask(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function createFakeClock(options: { mode?: 'auto' | 'manual'; start?: number } = {}): FakeClock {
  let mode = options.mode ?? 'auto';
  let current = options.start ?? 1_000_000;
  let sequence = 0;
  let pumping = false;
  const timers: Timer[] = [];
  const sleeps: number[] = [];

  function earliest(): Timer | undefined {
    let best: Timer | undefined;
    for (const timer of timers) {
      if (!best || timer.at < best.at || (timer.at === best.at && timer.seq < best.seq)) best = timer;
    }
    return best;
  }

  function fire(timer: Timer): void {
    timers.splice(timers.indexOf(timer), 1);
    current = Math.max(current, timer.at);
    timer.resolve();
  }

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (mode === 'auto' && timers.length > 0) {
        // Let every chain in flight settle (and register its own sleeps) first.
        for (let i = 0; i < 3; i++) await macrotask();
        const next = earliest();
        if (next && mode === 'auto') fire(next);
      }
    } finally {
      pumping = false;
    }
  }

  return {
    sleeps,
    now: () => current,
    sleep(ms: number, signal: AbortSignal): Promise<void> {
      sleeps.push(ms);
      if (signal.aborted) return Promise.reject(abortError());
      return new Promise<void>((resolve, reject) => {
        const timer: Timer = {
          at: current + Math.max(0, ms),
          seq: sequence++,
          resolve: () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        function onAbort(): void {
          const index = timers.indexOf(timer);
          if (index >= 0) timers.splice(index, 1);
          reject(abortError());
        }
        signal.addEventListener('abort', onAbort, { once: true });
        timers.push(timer);
        if (mode === 'auto') void pump();
      });
    },
    async advance(ms: number): Promise<void> {
      const target = current + ms;
      for (;;) {
        await macrotask();
        const next = earliest();
        if (!next || next.at > target) break;
        fire(next);
      }
      current = target;
      await macrotask();
    },
    pending: () => timers.map((timer) => timer.at - current),
    setMode(next) {
      mode = next;
      if (mode === 'auto') void pump();
    },
  };
}

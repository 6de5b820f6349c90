/**
 * Scripts (`node`, `python3`) being run by the shell, for the exec to wait on after a stop:
 * just-bash answers an aborted exec without waiting for a custom command, and what a stopped
 * script wrote is written back when its thread answers, which must be before the exec's result
 * (the workspace is rescanned after it, and storage follows the rescan).
 *
 * Also when a script's engine was loading (QuickJS, Pyodide: seconds on a slow machine the first
 * time): the command time limit does not count that time, which no real shell spends, so a short
 * limit still lets the script itself run. A load is counted out for ENGINE_LOAD_UNCOUNTED_MAX_MS at most.
 */

/** The most of one engine load the time limit does not count: a load that hangs is still stopped. */
export const ENGINE_LOAD_UNCOUNTED_MAX_MS = 60_000;

export interface StoppingScripts {
  track(work: Promise<unknown>): void;
  /** Resolves once every tracked script has finished, or after `maxMs`. */
  settled(maxMs: number): Promise<void>;
  /** A script's engine is loading from now until `ready` settles. */
  loading(ready: Promise<unknown>): void;
  /** How long engines were loading between `since` (performance.now()) and now, loads that overlap counted once. */
  loadingMsSince(since: number): number;
}

/** Loads remembered, newest last: enough for the commands running at once. */
const LOADS_KEPT = 64;

export function createStoppingScripts(now: () => number = () => performance.now()): StoppingScripts {
  const pending = new Set<Promise<unknown>>();
  const loads: { start: number; end?: number }[] = [];
  return {
    track(work) {
      pending.add(work);
      const done = () => void pending.delete(work);
      work.then(done, done);
    },
    async settled(maxMs) {
      if (pending.size === 0) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([Promise.allSettled([...pending]), new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)))]);
      clearTimeout(timer);
    },
    loading(ready) {
      const load: { start: number; end?: number } = { start: now() };
      loads.push(load);
      if (loads.length > LOADS_KEPT) loads.shift();
      const done = () => void (load.end = now());
      ready.then(done, done);
    },
    loadingMsSince(since) {
      const at = now();
      const spans = loads
        .map(({ start, end }) => [Math.max(start, since), Math.min(end ?? at, start + ENGINE_LOAD_UNCOUNTED_MAX_MS, at)] as const)
        .filter(([start, end]) => end > start)
        .sort((a, b) => a[0] - b[0]);
      let total = 0;
      let reach = -Infinity;
      for (const [start, end] of spans) {
        if (end <= reach) continue;
        total += end - Math.max(start, reach);
        reach = end;
      }
      return total;
    },
  };
}

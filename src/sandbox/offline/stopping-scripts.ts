/**
 * Scripts (`node`, `python3`) being run by the shell, for the exec to wait on after a stop:
 * just-bash answers an aborted exec without waiting for a custom command, and what a stopped
 * script wrote is written back when its thread answers, which must be before the exec's result
 * (the workspace is rescanned after it, and storage follows the rescan).
 */
export interface StoppingScripts {
  track(work: Promise<unknown>): void;
  /** Resolves once every tracked script has finished, or after `maxMs`. */
  settled(maxMs: number): Promise<void>;
}

export function createStoppingScripts(): StoppingScripts {
  const pending = new Set<Promise<unknown>>();
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
  };
}

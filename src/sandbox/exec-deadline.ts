/**
 * One place for the two ways an exec ends early: the caller's AbortSignal and `timeoutMs`.
 * Both sandboxes watch `deadline.signal` and report `deadline.reason()` in the result.
 */
export type StopReason = 'timeout' | 'abort';

export interface ExecDeadline {
  /** Aborts on the caller's abort or on the timeout, whichever comes first. */
  readonly signal: AbortSignal;
  reason(): StopReason | null;
  /** Resolves when the deadline fires (never when it does not). */
  readonly fired: Promise<StopReason>;
  dispose(): void;
}

export interface ExecDeadlineOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Time since the deadline began that the limit does not count (ms, as of now): an offline
   * script engine loading for the first time. Read when the limit is reached, which then moves
   * on by what it owes.
   */
  uncountedMs?: () => number;
}

/** The shortest wait before the limit is looked at again while uncounted time (an engine loading) is owed. */
const UNCOUNTED_STEP_MS = 100;

export function createExecDeadline(options: ExecDeadlineOptions): ExecDeadline {
  const controller = new AbortController();
  let reason: StopReason | null = null;
  let fire: (value: StopReason) => void = () => {};
  const fired = new Promise<StopReason>((resolve) => {
    fire = resolve;
  });
  const stop = (why: StopReason): void => {
    if (reason !== null) return;
    reason = why;
    controller.abort();
    fire(why);
  };
  const onAbort = (): void => stop('abort');
  const external = options.signal;
  if (external?.aborted) stop('abort');
  else external?.addEventListener('abort', onAbort, { once: true });
  const timeoutMs = options.timeoutMs;
  let granted = 0;
  const reached = (): void => {
    if (reason !== null) return;
    const owed = (options.uncountedMs?.() ?? 0) - granted;
    if (owed <= 0) return stop('timeout');
    granted += owed;
    // At least a moment: a load still under way would otherwise owe a few ms at each look.
    timer = setTimeout(reached, Math.max(owed, UNCOUNTED_STEP_MS));
  };
  let timer = timeoutMs !== undefined && timeoutMs > 0 && reason === null ? setTimeout(reached, timeoutMs) : undefined;
  return {
    signal: controller.signal,
    reason: () => reason,
    fired,
    dispose(): void {
      clearTimeout(timer);
      external?.removeEventListener('abort', onAbort);
    },
  };
}

/** Exit code and a line for stderr describing an early stop, like a shell would (124 for timeout, 130 for Ctrl+C). */
export function stopReport(reason: StopReason, timeoutMs: number | undefined): { exitCode: number; message: string } {
  return reason === 'timeout'
    ? { exitCode: 124, message: `Command timed out after ${timeoutMs ?? 0} ms and was stopped.\n` }
    : { exitCode: 130, message: 'Command was aborted.\n' };
}

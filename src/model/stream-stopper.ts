/**
 * Ends a stream from outside: the caller's AbortSignal, or an idle watchdog that fires when
 * no chunk arrived for `idleTimeoutMs` (spec B2: a silent stream becomes ETIMEDOUT).
 *
 * Every await on the SDK goes through `race`, so the stream ends promptly even if the SDK or
 * the network does not react to the abort. The timer is paused while the consumer holds a
 * chunk: a slow reader is not an idle stream.
 */
import { abortError } from '../shared/abort';

export interface StreamStopper {
  /** Passed to the SDK; aborted when the caller aborts, the watchdog fires, or on dispose. */
  readonly signal: AbortSignal;
  readonly idleFired: boolean;
  /** (Re)starts the idle timer. */
  arm(): void;
  pause(): void;
  race<T>(promise: Promise<T>): Promise<T>;
  dispose(): void;
}

export function createStreamStopper(callerSignal: AbortSignal, idleTimeoutMs: number): StreamStopper {
  const controller = new AbortController();
  let idleFired = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // One timer for the whole stream: arming only moves the deadline (a stream of thousands of
  // small chunks would otherwise clear and set a timer per chunk).
  let deadline = 0;
  let paused = true;
  function check(): void {
    timer = undefined;
    if (paused) return;
    const left = deadline - Date.now();
    if (left > 0) {
      timer = setTimeout(check, left);
      return;
    }
    idleFired = true;
    controller.abort();
    stop(new Error(`No data from the model for ${idleTimeoutMs} ms`));
  }
  let stop: (reason: Error) => void = () => {};
  const stopped = new Promise<never>((_resolve, reject) => {
    stop = reject;
  });
  stopped.catch(() => {});

  function onAbort(): void {
    clearTimeout(timer);
    controller.abort();
    stop(abortError());
  }
  if (callerSignal.aborted) onAbort();
  else callerSignal.addEventListener('abort', onAbort, { once: true });

  return {
    signal: controller.signal,
    get idleFired() {
      return idleFired;
    },
    arm() {
      paused = false;
      deadline = Date.now() + idleTimeoutMs;
      timer ??= setTimeout(check, idleTimeoutMs);
    },
    pause() {
      paused = true;
    },
    race<T>(promise: Promise<T>): Promise<T> {
      promise.catch(() => {}); // the loser of the race must not become an unhandled rejection
      return Promise.race([promise, stopped]);
    },
    dispose() {
      paused = true;
      clearTimeout(timer);
      callerSignal.removeEventListener('abort', onAbort);
      controller.abort();
    },
  };
}

/** Promise helpers that respect an AbortSignal without timers. */
import { abortError } from '../shared/abort';

/** Settles with `promise`, or rejects with an AbortError as soon as `signal` aborts. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (reason: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(reason);
      },
    );
  });
}

/** A controller of our own that also aborts when `parent` does (listener removed by `dispose`). */
export function childController(parent: AbortSignal): { controller: AbortController; dispose(): void } {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  if (parent.aborted) controller.abort();
  else parent.addEventListener('abort', onAbort, { once: true });
  return { controller, dispose: () => parent.removeEventListener('abort', onAbort) };
}

/**
 * Holds the page's requests until the worker is initialized. The page shows the prompt before
 * it has chosen the sandbox and sent `init` (WebContainer may take seconds to start or fail),
 * so a message typed at once reaches the worker first. It waits here, in order with everything
 * else sent before `init`, and is handled once the session `init` opens is ready: nothing the
 * person sends is dropped. If initializing fails, each waiting request is answered with why.
 * A Stop sent while a message still waits cancels that message: it never starts (the page puts
 * its text back in the prompt), instead of starting only to be stopped.
 */
import { messageOf } from '../shared/errors';
import type { AppError } from '../shared/errors';

export interface InitGate<M> {
  /** Every message from the page, in the order it arrived. */
  receive(message: M): void;
}

export interface InitGateOptions<M> {
  isInit(message: M): boolean;
  /** Builds what handles later messages; resolves once the first session is open (or failed). */
  initialize(message: M): Promise<(message: M) => Promise<void>>;
  /** Answers a message that no handler can take (initializing failed, or it was cancelled). */
  refuse(message: M, error: AppError): void;
  /** A message a later Stop cancels while it waits (a message to the agent). */
  isCancellable(message: M): boolean;
  isStop(message: M): boolean;
}

const CANCELLED: AppError = { kind: 'cancelled', message: 'you pressed Stop before the sandbox was ready.' };

export function createInitGate<M>(options: InitGateOptions<M>): InitGate<M> {
  let markInitialized: () => void = () => {};
  const firstInit = new Promise<void>((resolve) => (markInitialized = resolve));
  let handler: ((message: M) => Promise<void>) | null = null;
  let failure: AppError = { kind: 'worker', message: 'The agent is not ready.' };
  /** What the next message waits for: until the first `init` is done, one promise for all, so they keep their order. */
  let ready: Promise<void> = firstInit;
  let initialized = false;
  /** Cancellable messages that wait for the first session; a Stop empties it. */
  const waiting = new Set<M>();

  return {
    receive(message) {
      if (options.isStop(message) && waiting.size > 0) {
        for (const cancelled of waiting) options.refuse(cancelled, CANCELLED);
        waiting.clear();
      }
      if (options.isInit(message)) {
        const done = options.initialize(message).then(
          (handle) => {
            handler = handle;
          },
          (thrown: unknown) => {
            failure = { kind: 'worker', message: `The agent could not start: ${messageOf(thrown)}. Reload the page; your history is saved.` };
            options.refuse(message, failure); // the page waits for its answer (and counts a switch until then)
          },
        );
        if (initialized) ready = done;
        else void done.then(markInitialized);
        initialized = true;
        return;
      }
      const cancellable = handler === null && options.isCancellable(message);
      if (cancellable) waiting.add(message);
      void ready.then(() => {
        if (cancellable && !waiting.delete(message)) return; // cancelled meanwhile, already answered
        return handler ? handler(message) : options.refuse(message, failure);
      });
    },
  };
}

/**
 * The UI side of the worker boundary: sends requests, correlates responses by id, and
 * fans out streamed worker events to subscribers. UI code reaches the worker only here.
 */
import { newId } from '../shared/ids';
import type { AppError } from '../shared/errors';
import type { AnswerOf, ClientRequest, RequestOf, RequestType, SessionTarget, WorkerEvent, WorkerMessage } from './protocol';
import { PROTOCOL_VERSION } from './protocol';

/** A batch of the worker's events (protocol.ts WorkerMessage), of this protocol version. */
function isWorkerMessage(data: unknown): data is WorkerMessage {
  return (
    !!data &&
    typeof data === 'object' &&
    (data as { v?: unknown }).v === PROTOCOL_VERSION &&
    (data as { type?: unknown }).type === 'events' &&
    Array.isArray((data as { events?: unknown }).events)
  );
}

export interface WorkerLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate?(): void;
}

/**
 * A WorkerLike for a worker created later (main.tsx starts the agent worker after the first
 * paint, so its 2 MB of code does not compete with the prompt's first render): listeners
 * attach and messages wait until `created` resolves, then go in order.
 */
export function deferredWorker(created: Promise<WorkerLike>): WorkerLike {
  let worker: WorkerLike | null = null;
  let failure: string | null = null;
  const waiting: { message: unknown; transfer: Transferable[] }[] = [];
  const listeners: { type: 'message' | 'error'; listener: (event: never) => void }[] = [];
  created.then(
    (real) => {
      worker = real;
      for (const { type, listener } of listeners) real.addEventListener(type as 'message', listener as (event: MessageEvent) => void);
      for (const { message, transfer } of waiting.splice(0)) real.postMessage(message, transfer);
    },
    (thrown: unknown) => {
      // The worker could not be created: report it as the worker's own error would be.
      failure = thrown instanceof Error ? thrown.message : String(thrown);
      fail();
    },
  );
  const fail = () => {
    for (const { type, listener } of listeners) if (type === 'error') (listener as (event: ErrorEvent) => void)({ message: failure } as ErrorEvent);
  };
  return {
    postMessage(message, transfer = []) {
      if (worker) worker.postMessage(message, transfer);
      else if (failure !== null) queueMicrotask(fail); // answers this request with the error too
      else waiting.push({ message, transfer });
    },
    addEventListener(type: 'message' | 'error', listener: (event: never) => void) {
      if (worker) worker.addEventListener(type as 'message', listener as (event: MessageEvent) => void);
      else listeners.push({ type, listener });
    },
  };
}

/** The worker's answer to a request of type K: its value, or why it failed. */
export type WorkerResponse<K extends RequestType = RequestType> = { ok: true; value: AnswerOf<K> } | { ok: false; error: AppError };

export interface WorkerClient {
  /** Sends a request; resolves with the worker's answer, typed by the request (errors as values, never a rejection). */
  request<K extends RequestType>(request: RequestOf<K>, transfer?: Transferable[]): Promise<WorkerResponse<K>>;
  /** Sends without waiting for the answer. */
  send<K extends RequestType>(request: RequestOf<K>, transfer?: Transferable[]): void;
  subscribe(listener: (event: WorkerEvent) => void): () => void;
  /**
   * The session a request that adds something (a message, an import, a new file) is for:
   * `shown`, the one on screen, unless a request that opens another session is still
   * unanswered; then null, "whichever is open once it is", which the worker resolves after that
   * switch (worker/session/session-lane.ts). So a New file pressed right after New session goes
   * to the new session, never refused as stale. A request about what is on screen (Rename,
   * Delete, Restore, Compress, Continue) names `shown` itself: if that session was left
   * meanwhile, the worker says so instead of applying it to another.
   */
  sessionTarget(shown: string | null): SessionTarget;
}

/** Requests that open another session, or may (delete the open one). */
const SWITCHES: ReadonlySet<RequestType> = new Set<RequestType>(['init', 'new-session', 'open-session', 'delete-session', 'take-over', 'open-shared', 'fork']);

export function createWorkerClient(worker: WorkerLike): WorkerClient {
  // Each answer is the value its request's type names (Requests): the worker's handler table is typed by it.
  const pending = new Map<string, (response: WorkerResponse) => void>();
  /** Requests that open another session, still unanswered. */
  let switching = 0;
  /** The session the worker opened last (`session-loaded`). */
  let opened: string | null = null;
  const listeners = new Set<(event: WorkerEvent) => void>();

  worker.addEventListener('message', (event: MessageEvent) => {
    const message: unknown = event.data;
    if (!isWorkerMessage(message)) return;
    for (const item of message.events) {
      if (item.type === 'session-loaded') opened = item.session.sessionId;
      if (item.type === 'response') {
        const resolve = pending.get(item.id);
        pending.delete(item.id);
        resolve?.(item.error ? { ok: false, error: item.error } : { ok: true, value: item.value as AnswerOf<RequestType> });
        continue;
      }
      for (const listener of listeners) listener(item);
    }
  });

  worker.addEventListener('error', (event: ErrorEvent) => {
    const error: AppError = { kind: 'worker', message: `The agent worker failed: ${event.message || 'unknown error'}. Reload the page; your history is saved.` };
    for (const resolve of pending.values()) resolve({ ok: false, error });
    pending.clear();
    for (const listener of listeners) listener({ type: 'notice', level: 'error', message: error.message });
  });

  function post(request: ClientRequest, transfer: Transferable[] | undefined, resolve?: (response: WorkerResponse) => void): void {
    const id = newId('rq');
    if (SWITCHES.has(request.type)) {
      switching++;
      pending.set(id, (response) => {
        switching--;
        resolve?.(response);
      });
    } else if (resolve) pending.set(id, resolve);
    worker.postMessage({ ...request, v: PROTOCOL_VERSION, id }, transfer ?? []);
  }

  return {
    request<K extends RequestType>(request: RequestOf<K>, transfer?: Transferable[]): Promise<WorkerResponse<K>> {
      return new Promise((resolve) => post(request as ClientRequest, transfer, resolve as (response: WorkerResponse) => void));
    },
    send(request, transfer) {
      post(request as ClientRequest, transfer);
    },
    // The page shows a session a little after the worker posted it (its events are paced to frames,
    // answers are not): until the page shows the one opened last, "whichever is open" is the truth.
    sessionTarget: (shown) => (switching > 0 || shown !== opened ? null : shown),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The worker's side of posting events: one message per task of its event loop (see WorkerMessage
 * in protocol.ts), sooner when a batch has waited MAX_BATCH_AGE_MS or a model response ends.
 */
import { PROTOCOL_VERSION } from './protocol';
import type { WorkerEvent, WorkerMessage } from './protocol';

/** A batch is posted once its oldest event is this old, even if the task has not ended. */
export const MAX_BATCH_AGE_MS = 16;

/**
 * Collects events and posts them as one message when the current task ends (`schedule` runs
 * the flush on a later task: a timer in the worker). A task can run long without ending (a
 * stream whose bytes are already buffered is read on one chain of promise jobs), so a batch is
 * also posted from `post` once its oldest event is MAX_BATCH_AGE_MS old: the page sees a long
 * answer grow instead of all at once at the end. An urgent event (urgency.ts: the end of an
 * answer, an approval) is posted at once. `flush` posts at once.
 */
export function createEventBatcher(
  postBatch: (message: WorkerMessage) => void,
  schedule: (flush: () => void) => void,
  now: () => number = () => performance.now(),
) {
  let queue: WorkerEvent[] = [];
  let scheduled = false;
  let oldest = 0;
  const send = () => {
    if (queue.length === 0) return;
    const events = queue;
    queue = [];
    postBatch({ v: PROTOCOL_VERSION, type: 'events', events });
  };
  const flush = () => {
    scheduled = false;
    send();
  };
  return {
    post(event: WorkerEvent): void {
      if (queue.length === 0) oldest = now();
      queue.push(event);
      if ((event.type === 'agent-event' && event.urgent) || now() - oldest >= MAX_BATCH_AGE_MS) send();
      if (scheduled || queue.length === 0) return;
      scheduled = true;
      schedule(flush);
    },
    flush,
  };
}

/**
 * The preview tools' PreviewAccess in the worker: each call is a request over the port to the
 * page (ui/preview/preview-service.ts answers from the Preview on screen), correlated by id.
 * An abort is passed on, and answered at once here; a page that never answers ends the call
 * after a deadline, so a call always gets exactly one result.
 */
import type { PreviewAccess, PreviewAnswer, PreviewOperation, PreviewPortReply, PreviewPortRequest } from '../../shared/preview';
import { previewFailure } from '../../shared/preview';
import type { PortLike } from '../sandbox/sandbox-port';

/** Longer than the page's own waits (a page to load, then a screenshot): only a page that is gone gets here. */
const DEADLINE_MS = 60_000;

export function connectPreview(port: PortLike, deadlineMs = DEADLINE_MS): PreviewAccess {
  let nextId = 1;
  const pending = new Map<number, (answer: PreviewAnswer<unknown>) => void>();
  port.addEventListener('message', (event: MessageEvent) => {
    const reply = event.data as PreviewPortReply;
    if (reply?.rpc !== 'result') return;
    pending.get(reply.id)?.(reply.answer);
  });
  port.start?.();

  function call<T>(operation: PreviewOperation, signal: AbortSignal): Promise<PreviewAnswer<T>> {
    if (signal.aborted) return Promise.resolve(previewFailure('cancelled', 'Cancelled.'));
    const id = nextId++;
    return new Promise((resolve) => {
      const finish = (answer: PreviewAnswer<unknown>) => {
        pending.delete(id);
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(answer as PreviewAnswer<T>);
      };
      const onAbort = () => {
        port.postMessage({ rpc: 'abort', id } satisfies PreviewPortRequest);
        finish(previewFailure('cancelled', 'Cancelled.'));
      };
      const timer = setTimeout(() => finish(previewFailure('timeout', 'The page did not answer.')), deadlineMs);
      pending.set(id, finish);
      signal.addEventListener('abort', onAbort, { once: true });
      port.postMessage({ rpc: 'call', id, ...operation } satisfies PreviewPortRequest);
    });
  }

  return {
    console: (signal) => call({ op: 'console' }, signal),
    screenshot: (width, signal) => call(width === undefined ? { op: 'screenshot' } : { op: 'screenshot', width }, signal),
    query: (selector, signal) => call({ op: 'query', selector }, signal),
    click: (selector, signal) => call({ op: 'click', selector }, signal),
    type: (selector, text, signal) => call({ op: 'type', selector, text }, signal),
  };
}

/**
 * The page's Preview as the agent's preview tools reach it: the worker asks over a port
 * (`servePreview`, wired in main.tsx), and the answers come from the Preview frame on screen
 * (preview-pane.tsx registers its driver here). A tool call made while the Preview was never
 * opened asks the views to show it (the class sees the agent look), then waits for its page.
 */
import type { PreviewAnswer, PreviewOperation, PreviewPortReply, PreviewPortRequest } from '../../shared/preview';
import { PREVIEW_WIDTH_MAX, PREVIEW_WIDTH_MIN, previewFailure } from '../../shared/preview';
import type { PreviewDriver } from './preview-driver';

/** How long a call waits for the Preview to appear and its page to load. */
const PAGE_WAIT_MS = 15_000;
/** How long the page's runtime has to answer one command (a screenshot of a long page takes longest). */
const COMMAND_MS = { screenshot: 30_000, other: 10_000 };

interface Registered {
  driver: PreviewDriver;
  /** Why there is no page (no HTML file, no server), or null when there is one. */
  empty: () => string | null;
  /** Loads the page again if the stored files differ from the ones it was built from (the agent just wrote one). */
  sync: () => Promise<void>;
  /** Lays the frame out at `width` CSS pixels (null: as it was) and resolves after layout. */
  resize: (width: number | null) => Promise<void>;
}

let current: Registered | null = null;
const showRequests = new Set<() => void>();

export function registerPreview(registered: Registered): () => void {
  current = registered;
  return () => {
    if (current === registered) current = null;
  };
}

/** `show` runs when a tool needs the Preview on screen (center-views.tsx brings it forward). */
export function onPreviewWanted(show: () => void): () => void {
  showRequests.add(show);
  return () => showRequests.delete(show);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** The Preview with its page loaded, or why not. */
async function loadedPreview(signal: AbortSignal): Promise<PreviewAnswer<Registered>> {
  if (!current) for (const show of showRequests) show();
  const deadline = Date.now() + PAGE_WAIT_MS;
  let synced = false;
  while (!signal.aborted && Date.now() < deadline) {
    const registered = current;
    if (registered) {
      if (!synced) {
        synced = true;
        await registered.sync();
      }
      const empty = registered.empty();
      if (empty) return previewFailure('no-page', empty);
      const status = registered.driver.status;
      if (status.state === 'refused') return previewFailure('no-page', status.message);
      if (status.state === 'loaded') return { ok: true, value: registered };
      // Woken by the load, else looked at again (a remount, a new load): always after a task, never a microtask spin.
      await Promise.race([registered.driver.whenLoaded(), sleep(250, signal)]);
      await sleep(0, signal);
    } else {
      await sleep(100, signal);
    }
  }
  if (signal.aborted) return previewFailure('cancelled', 'Cancelled.');
  return previewFailure(current ? 'timeout' : 'no-page', current ? `The Preview's page did not finish loading within ${PAGE_WAIT_MS / 1000} s.` : 'The Preview could not be shown.');
}

export async function runPreviewOperation(operation: PreviewOperation, signal: AbortSignal): Promise<PreviewAnswer<unknown>> {
  const found = await loadedPreview(signal);
  if (!found.ok) return found;
  const { driver, resize } = found.value;
  switch (operation.op) {
    case 'console':
      return { ok: true, value: driver.console() };
    case 'screenshot': {
      const width = operation.width === undefined ? null : Math.min(PREVIEW_WIDTH_MAX, Math.max(PREVIEW_WIDTH_MIN, Math.round(operation.width)));
      await resize(width);
      try {
        return await driver.command('screenshot', {}, signal, COMMAND_MS.screenshot);
      } finally {
        if (width !== null) await resize(null);
      }
    }
    case 'query':
    case 'click':
      return driver.command(operation.op, { selector: operation.selector }, signal, COMMAND_MS.other);
    case 'type':
      return driver.command('type', { selector: operation.selector, text: operation.text }, signal, COMMAND_MS.other);
  }
}

interface PortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  start?(): void;
}

/** Answers the worker's preview requests on `port`. */
export function servePreview(port: PortLike): void {
  const aborts = new Map<number, AbortController>();
  port.addEventListener('message', (event: MessageEvent) => {
    const request = event.data as PreviewPortRequest;
    if (request.rpc === 'abort') {
      aborts.get(request.id)?.abort();
      return;
    }
    const controller = new AbortController();
    aborts.set(request.id, controller);
    const { rpc: _rpc, id, ...operation } = request;
    void runPreviewOperation(operation as PreviewOperation, controller.signal)
      .catch((thrown: unknown) => previewFailure('failed', thrown instanceof Error ? thrown.message : String(thrown)))
      .then((answer) => {
        aborts.delete(id);
        const reply: PreviewPortReply = { rpc: 'result', id, answer };
        port.postMessage(reply);
      });
  });
  port.start?.();
}

/**
 * The ImageCodec the prompt uses: the browser's (canvas-codec.ts) run in a worker of its own
 * (image-codec.worker.ts), so decoding and re-encoding a large photo does not freeze the page.
 * The worker is made on the first image, reused, and ended after IDLE_MS without work.
 *
 * Where it cannot help, the page draws in its own thread (`fallback`): no Worker or
 * OffscreenCanvas here, a worker that cannot start (its `error` event), or one that says its
 * thread has no OffscreenCanvas. A request it was answering then is asked of the fallback,
 * so no image is lost. An image the worker cannot read is its null answer, as in the page.
 */
import { canvasCodec } from './canvas-codec';
import { canDrawOffscreen } from './image-codec-protocol';
import type { ImageCodecAnswer, ImageCodecRequest } from './image-codec-protocol';
import type { ImageCodec } from './prepare-image';

/** How long an idle image worker stays, so images pasted one after another reuse it. */
export const IDLE_MS = 30_000;

type Outcome = ImageCodecAnswer | { type: 'worker-unavailable' };
/** A request without its id (the codec numbers them). */
type Ask = Omit<Extract<ImageCodecRequest, { type: 'size-request' }>, 'id'> | Omit<Extract<ImageCodecRequest, { type: 'draw-request' }>, 'id'>;

export interface WorkerImageCodec extends ImageCodec {
  /** Ends the worker now; the next call makes a new one. */
  dispose(): void;
}

export function createWorkerImageCodec(makeWorker: () => Worker, fallback: ImageCodec, options: { idleMs?: number } = {}): WorkerImageCodec {
  const idleMs = options.idleMs ?? IDLE_MS;
  const pending = new Map<number, (outcome: Outcome) => void>();
  let worker: Worker | null = null;
  let unavailable = false;
  let nextId = 1;
  let idle: ReturnType<typeof setTimeout> | undefined;

  function end() {
    clearTimeout(idle);
    if (worker) {
      worker.onmessage = null;
      worker.onerror = null;
      worker.onmessageerror = null;
      worker.terminate();
    }
    worker = null;
  }

  /** The worker cannot help: ends it, and sends what it was asked to the fallback from now on. */
  function giveUp() {
    unavailable = true;
    end();
    const waiting = [...pending.values()];
    pending.clear();
    for (const settle of waiting) settle({ type: 'worker-unavailable' });
  }

  function thread(): Worker | null {
    if (worker) return worker;
    try {
      worker = makeWorker();
    } catch {
      giveUp();
      return null;
    }
    worker.onmessage = (event: MessageEvent<ImageCodecAnswer>) => {
      const answer = event.data;
      if (answer.type === 'codec-unsupported') return giveUp();
      const settle = pending.get(answer.id);
      pending.delete(answer.id);
      if (pending.size === 0) idle = setTimeout(end, idleMs);
      settle?.(answer);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      giveUp();
    };
    worker.onmessageerror = giveUp;
    return worker;
  }

  function ask(request: Ask): Promise<Outcome> {
    const target = unavailable ? null : thread();
    if (!target) return Promise.resolve({ type: 'worker-unavailable' });
    clearTimeout(idle);
    const id = nextId++;
    return new Promise<Outcome>((resolve) => {
      pending.set(id, resolve);
      target.postMessage({ ...request, id } as ImageCodecRequest);
    });
  }

  return {
    async size(blob) {
      const outcome = await ask({ type: 'size-request', blob });
      if (outcome.type === 'size-answer') return outcome.size;
      return outcome.type === 'worker-unavailable' ? fallback.size(blob) : null;
    },
    async draw(blob, width, height, mimeType, quality) {
      const outcome = await ask({ type: 'draw-request', blob, width, height, mimeType, ...(quality === undefined ? {} : { quality }) });
      if (outcome.type === 'draw-answer') return outcome.blob;
      return outcome.type === 'worker-unavailable' ? fallback.draw(blob, width, height, mimeType, quality) : null;
    },
    dispose: end,
  };
}

let shared: ImageCodec | null = null;

/** The page's codec: one image worker for the whole page where there can be one, else the page's own canvas. */
export function defaultImageCodec(): ImageCodec {
  shared ??=
    typeof Worker !== 'undefined' && canDrawOffscreen(globalThis)
      ? createWorkerImageCodec(() => new Worker(new URL('./image-codec.worker.ts', import.meta.url), { type: 'module', name: 'prompt images' }), canvasCodec)
      : canvasCodec;
  return shared;
}

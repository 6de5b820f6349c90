// The prompt's images drawn in a worker of their own: answers correlated, the worker made once
// and reused, and the page's own codec used whenever the worker cannot help.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWorkerImageCodec } from './image-codec';
import { answerImageRequest } from './image-codec-protocol';
import type { ImageCodecAnswer, ImageCodecRequest } from './image-codec-protocol';
import { prepareImage } from './prepare-image';
import type { ImageCodec } from './prepare-image';

/** A codec that reads every image as `size` and draws `bytes`-byte blobs, named after `who`. */
function namedCodec(who: string, size: { width: number; height: number } | null, bytes = 100): ImageCodec {
  return {
    size: async () => size,
    draw: async (_blob, width, height, type) => new Blob([new Uint8Array(bytes)], { type: `${type};drawn-by=${who};${width}x${height}` }),
  };
}

/**
 * A worker whose thread runs answerImageRequest over `codec`, as image-codec.worker.ts does.
 * `held` keeps the requests until `release` answers them, in the order asked for.
 */
class FakeImageWorker {
  onmessage: ((event: MessageEvent<ImageCodecAnswer>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: ((event: MessageEvent) => void) | null = null;
  terminated = false;
  readonly requests: ImageCodecRequest[] = [];
  constructor(
    private readonly codec: ImageCodec,
    private readonly options: { offscreen?: boolean; held?: boolean; failsToStart?: boolean } = {},
  ) {}
  postMessage(request: ImageCodecRequest): void {
    this.requests.push(request);
    if (this.options.failsToStart) {
      queueMicrotask(() => this.onerror?.({ preventDefault: () => undefined, message: 'module script failed' } as ErrorEvent));
      return;
    }
    if (!this.options.held) void this.answer(request);
  }
  async release(order: number[]): Promise<void> {
    for (const index of order) await this.answer(this.requests[index]!);
  }
  terminate(): void {
    this.terminated = true;
  }
  private async answer(request: ImageCodecRequest): Promise<void> {
    const answer = await answerImageRequest(request, this.codec, this.options.offscreen ?? true);
    if (!this.terminated) this.onmessage?.({ data: answer } as MessageEvent<ImageCodecAnswer>);
  }
}

function codecWith(workers: FakeImageWorker[], fallback: ImageCodec, idleMs?: number) {
  let made = 0;
  const codec = createWorkerImageCodec(
    () => {
      const worker = workers[made++];
      if (!worker) throw new Error('no more workers');
      return worker as unknown as Worker;
    },
    fallback,
    idleMs === undefined ? {} : { idleMs },
  );
  return { codec, made: () => made };
}

const photo = (name = 'photo.jpg', type = 'image/jpeg') => Object.assign(new Blob([new Uint8Array(10)], { type }), { name });

afterEach(() => {
  vi.useRealTimers();
});

describe('the worker image codec', () => {
  it('makes its worker on the first image only, and prepares every image in it', async () => {
    const worker = new FakeImageWorker(namedCodec('worker', { width: 4000, height: 3000 }));
    const { codec, made } = codecWith([worker], namedCodec('page', { width: 1, height: 1 }));
    expect(made()).toBe(0);
    const first = await prepareImage(photo('one.jpg'), codec);
    const second = await prepareImage(photo('two.gif', 'image/gif'), codec);
    expect(made()).toBe(1);
    expect(first.ok && first.image.blob.type).toBe('image/jpeg;drawn-by=worker;2048x1536');
    expect(first.ok && first.image.note).toBe('made smaller from 4000×3000 to 2048×1536');
    expect(second.ok && second.image.blob.type).toBe('image/png;drawn-by=worker;2048x1536');
    expect(worker.requests.map((request) => request.type)).toEqual(['size-request', 'draw-request', 'size-request', 'draw-request']);
  });

  it('gives each caller its own answer when the worker answers out of order', async () => {
    const worker = new FakeImageWorker(namedCodec('worker', { width: 10, height: 10 }), { held: true });
    const { codec } = codecWith([worker], namedCodec('page', null));
    const small = codec.draw(new Blob(), 20, 10, 'image/png');
    const large = codec.draw(new Blob(), 200, 100, 'image/webp', 0.9);
    await worker.release([1, 0]);
    expect((await small)?.type).toBe('image/png;drawn-by=worker;20x10');
    expect((await large)?.type).toBe('image/webp;drawn-by=worker;200x100');
  });

  it('refuses a corrupt image with the same words as the page does', async () => {
    const { codec } = codecWith([new FakeImageWorker(namedCodec('worker', null))], namedCodec('page', { width: 10, height: 10 }));
    expect(await prepareImage(photo('broken.png', 'image/png'), codec)).toEqual({ ok: false, message: 'broken.png was not attached: it could not be read as an image.' });
  });

  it('turns a failure thrown in the worker into a refusal, not into the page codec', async () => {
    const throwing: ImageCodec = { size: async () => ({ width: 5000, height: 100 }), draw: async () => { throw new Error('out of memory'); } };
    const { codec } = codecWith([new FakeImageWorker(throwing)], namedCodec('page', { width: 10, height: 10 }));
    expect(await prepareImage(photo('huge.jpg'), codec)).toEqual({ ok: false, message: 'huge.jpg was not attached: the browser could not make it smaller.' });
  });

  it('draws in the page when the worker cannot start, and does not try another worker', async () => {
    const broken = new FakeImageWorker(namedCodec('worker', { width: 1, height: 1 }), { failsToStart: true });
    const { codec, made } = codecWith([broken, new FakeImageWorker(namedCodec('worker', { width: 1, height: 1 }))], namedCodec('page', { width: 3000, height: 3000 }));
    const prepared = await prepareImage(photo(), codec);
    expect(prepared.ok && prepared.image.blob.type).toBe('image/jpeg;drawn-by=page;2048x2048');
    expect(broken.terminated).toBe(true);
    await prepareImage(photo(), codec);
    expect(made()).toBe(1);
  });

  it('draws in the page when the worker has no OffscreenCanvas', async () => {
    const worker = new FakeImageWorker(namedCodec('worker', { width: 1, height: 1 }), { offscreen: false });
    const { codec } = codecWith([worker], namedCodec('page', { width: 3000, height: 1500 }));
    const prepared = await prepareImage(photo(), codec);
    expect(prepared.ok && prepared.image.blob.type).toBe('image/jpeg;drawn-by=page;2048x1024');
    expect(worker.terminated).toBe(true);
  });

  it('draws in the page when no worker can be made', async () => {
    const { codec } = codecWith([], namedCodec('page', { width: 3000, height: 1500 }));
    const prepared = await prepareImage(photo(), codec);
    expect(prepared.ok && prepared.image.blob.type).toBe('image/jpeg;drawn-by=page;2048x1024');
  });

  it('ends an idle worker and makes a fresh one for the next image', async () => {
    vi.useFakeTimers();
    const first = new FakeImageWorker(namedCodec('first', { width: 3000, height: 3000 }));
    const second = new FakeImageWorker(namedCodec('second', { width: 3000, height: 3000 }));
    const { codec, made } = codecWith([first, second], namedCodec('page', null), 1000);
    await prepareImage(photo(), codec);
    await vi.advanceTimersByTimeAsync(999);
    expect(first.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(first.terminated).toBe(true);
    const prepared = await prepareImage(photo(), codec);
    expect(prepared.ok && prepared.image.blob.type).toBe('image/jpeg;drawn-by=second;2048x2048');
    expect(made()).toBe(2);
  });
});

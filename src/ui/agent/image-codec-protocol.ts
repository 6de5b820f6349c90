/**
 * The page ↔ image worker messages (image-codec.worker.ts, image-codec.ts): ImageCodec's two
 * calls as requests correlated by `id`, and their answers as plain values. Blobs cross by
 * reference (structured clone shares their bytes). Nothing here throws across the thread: an
 * image the browser cannot read is a null answer, a thrown bug a `failed` one, and a worker
 * without OffscreenCanvas says `unsupported` so the page draws in its own thread instead.
 */
import { messageOf } from '../../shared/errors';
import type { ImageCodec } from './prepare-image';

export type ImageCodecRequest =
  | { type: 'size-request'; id: number; blob: Blob }
  | { type: 'draw-request'; id: number; blob: Blob; width: number; height: number; mimeType: string; quality?: number };

export type ImageCodecAnswer =
  | { type: 'size-answer'; id: number; size: { width: number; height: number } | null }
  | { type: 'draw-answer'; id: number; blob: Blob | null }
  | { type: 'codec-unsupported'; id: number }
  | { type: 'codec-failed'; id: number; message: string };

/** Whether this thread can decode and draw images off the page (createImageBitmap and OffscreenCanvas). */
export function canDrawOffscreen(scope: object): boolean {
  return 'createImageBitmap' in scope && 'OffscreenCanvas' in scope;
}

/** The worker's side: one request answered with `codec`. Never rejects. */
export async function answerImageRequest(request: ImageCodecRequest, codec: ImageCodec, offscreen: boolean): Promise<ImageCodecAnswer> {
  if (!offscreen) return { type: 'codec-unsupported', id: request.id };
  try {
    switch (request.type) {
      case 'size-request':
        return { type: 'size-answer', id: request.id, size: await codec.size(request.blob) };
      case 'draw-request':
        return { type: 'draw-answer', id: request.id, blob: await codec.draw(request.blob, request.width, request.height, request.mimeType, request.quality) };
    }
  } catch (thrown) {
    return { type: 'codec-failed', id: request.id, message: messageOf(thrown) };
  }
}

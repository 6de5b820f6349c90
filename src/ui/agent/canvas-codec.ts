/**
 * The browser's ImageCodec: decodes with createImageBitmap and draws on a canvas. It runs in the
 * image worker (image-codec.worker.ts) and, where that cannot run, in the page itself
 * (image-codec.ts chooses). Every failure is a null, never a throw: the caller says why.
 */
import type { ImageCodec } from './prepare-image';

/** A canvas of width × height: an OffscreenCanvas, or, in a page that has none, an element. */
function drawingSurface(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: OffscreenCanvas | HTMLCanvasElement, type: string, quality: number | undefined): Promise<Blob | null> {
  if (!('toBlob' in canvas)) return canvas.convertToBlob({ type, ...(quality === undefined ? {} : { quality }) });
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

export const canvasCodec: ImageCodec = {
  async size(blob) {
    try {
      const bitmap = await createImageBitmap(blob);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size.width > 0 && size.height > 0 ? size : null;
    } catch {
      return null;
    }
  },
  async draw(blob, width, height, type, quality) {
    try {
      // Decoded and resized by createImageBitmap; drawing it is then a copy.
      const bitmap = await createImageBitmap(blob, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' });
      const canvas = drawingSurface(width, height);
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
      if (!context) {
        bitmap.close();
        return null;
      }
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, width, height);
      bitmap.close();
      return await encode(canvas, type, quality);
    } catch {
      return null;
    }
  },
};

/**
 * A file the person pasted, dropped or picked, made into an image attachment, or refused with
 * why (said in the prompt, whose text stays as it was). PNG, JPEG, WebP and GIF only. One whose
 * longer side is over PROMPT_IMAGE_MAX_SIDE, or whose bytes are over PROMPT_IMAGE_MAX_BYTES, is
 * drawn smaller; a GIF always goes as a PNG of its first frame (Gemini takes no GIF). One still over the bytes after that is
 * tried as JPEG, then at half the size, a few times, and refused if it never fits.
 *
 * The pixels are the browser's business (createImageBitmap and OffscreenCanvas, canvas-codec.ts,
 * run in a worker of its own by image-codec.ts); the decisions are here, behind ImageCodec, so a
 * test drives them with a codec of its own.
 */
import { PROMPT_IMAGE_MAX_BYTES, PROMPT_IMAGE_MAX_SIDE } from '../../shared/limits';
import { PROMPT_IMAGE_TYPES } from '../../shared/prompt-images';

export interface ImageCodec {
  /** Width and height in pixels, or null when the browser cannot read the bytes as an image. */
  size(blob: Blob): Promise<{ width: number; height: number } | null>;
  /** The image drawn at width × height, encoded as `type` (quality for JPEG and WebP); null if the browser cannot. */
  draw(blob: Blob, width: number, height: number, type: string, quality?: number): Promise<Blob | null>;
}

export interface PreparedImage {
  mimeType: string;
  blob: Blob;
  /** What was done to it, said beside its name. */
  note?: string;
}

export type Preparation = { ok: true; image: PreparedImage } | { ok: false; message: string };

const MB = 1024 * 1024;
const HALVINGS = 3;

const typeName = (type: string) => type.replace('image/', '').toUpperCase();

export async function prepareImage(file: Blob & { name: string }, codec: ImageCodec): Promise<Preparation> {
  const type = file.type.toLowerCase();
  if (!PROMPT_IMAGE_TYPES.includes(type)) {
    return { ok: false, message: `${file.name} was not attached: ${type ? `${type} files` : 'files of unknown type'} cannot go with a message. Attach a PNG, JPEG, WebP or GIF image.` };
  }
  const size = await codec.size(file);
  if (!size) return { ok: false, message: `${file.name} was not attached: it could not be read as an image.` };
  const longest = Math.max(size.width, size.height);
  // A GIF is drawn anyway: Gemini takes PNG, JPEG and WebP, and canvases do not encode GIF.
  if (longest <= PROMPT_IMAGE_MAX_SIDE && file.size <= PROMPT_IMAGE_MAX_BYTES && type !== 'image/gif') return { ok: true, image: { mimeType: type, blob: file } };

  let target = type === 'image/gif' ? 'image/png' : type;
  let scale = Math.min(1, PROMPT_IMAGE_MAX_SIDE / longest);
  for (let attempt = 0; attempt <= HALVINGS; attempt++) {
    const width = Math.max(1, Math.round(size.width * scale));
    const height = Math.max(1, Math.round(size.height * scale));
    let drawn = await codec.draw(file, width, height, target, 0.9);
    if (drawn && drawn.size > PROMPT_IMAGE_MAX_BYTES && target !== 'image/jpeg') {
      target = 'image/jpeg';
      drawn = await codec.draw(file, width, height, target, 0.85);
    }
    if (!drawn) return { ok: false, message: `${file.name} was not attached: the browser could not make it smaller.` };
    if (drawn.size <= PROMPT_IMAGE_MAX_BYTES) {
      const resized = width !== size.width || height !== size.height ? `made smaller from ${size.width}×${size.height} to ${width}×${height}` : '';
      const converted = target !== type ? `sent as ${typeName(target)}${type === 'image/gif' ? ' (its first frame)' : ''}` : '';
      return { ok: true, image: { mimeType: target, blob: drawn, note: [resized, converted].filter(Boolean).join(', ') } };
    }
    scale /= 2;
  }
  return { ok: false, message: `${file.name} was not attached: even made smaller it is over ${PROMPT_IMAGE_MAX_BYTES / MB} MB.` };
}

/** A blob's bytes as base64 (through a data URL: no byte-by-byte string in the page). */
export function blobBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(blob);
  });
}

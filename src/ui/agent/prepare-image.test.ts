import { describe, expect, it } from 'vitest';
import { PROMPT_IMAGE_MAX_BYTES, PROMPT_IMAGE_MAX_SIDE } from '../../shared/limits';
import { prepareImage } from './prepare-image';
import type { ImageCodec } from './prepare-image';

/** A file of `bytes` bytes (their content does not matter to the fake codec). */
function file(name: string, type: string, bytes: number): Blob & { name: string } {
  return Object.assign(new Blob([new Uint8Array(bytes)], { type }), { name });
}

/**
 * A codec whose images are `size`, and whose drawings weigh what `weigh` says for their pixels
 * and type; it records each drawing asked for.
 */
function fakeCodec(size: { width: number; height: number } | null, weigh: (width: number, height: number, type: string) => number) {
  const drawn: { width: number; height: number; type: string }[] = [];
  const codec: ImageCodec = {
    size: async () => size,
    draw: async (_blob, width, height, type) => {
      drawn.push({ width, height, type });
      return new Blob([new Uint8Array(weigh(width, height, type))], { type });
    },
  };
  return { codec, drawn };
}

describe('prepareImage', () => {
  it('keeps a small PNG as it is', async () => {
    const { codec, drawn } = fakeCodec({ width: 100, height: 50 }, () => 10);
    const original = file('shot.png', 'image/png', 2000);
    const prepared = await prepareImage(original, codec);
    expect(prepared).toEqual({ ok: true, image: { mimeType: 'image/png', blob: original } });
    expect(drawn).toEqual([]);
  });

  it('refuses a type the model cannot take, naming the file and the types it can', async () => {
    const { codec } = fakeCodec({ width: 10, height: 10 }, () => 10);
    const prepared = await prepareImage(file('notes.pdf', 'application/pdf', 10), codec);
    expect(prepared.ok).toBe(false);
    expect(!prepared.ok && prepared.message).toBe('notes.pdf was not attached: application/pdf files cannot go with a message. Attach a PNG, JPEG, WebP or GIF image.');
  });

  it('refuses bytes the browser cannot read as an image', async () => {
    const { codec } = fakeCodec(null, () => 10);
    const prepared = await prepareImage(file('broken.png', 'image/png', 10), codec);
    expect(!prepared.ok && prepared.message).toBe('broken.png was not attached: it could not be read as an image.');
  });

  it('draws a large image so its longer side is the limit, keeping its proportions and type', async () => {
    const { codec, drawn } = fakeCodec({ width: 4000, height: 3000 }, () => 1000);
    const prepared = await prepareImage(file('photo.webp', 'image/webp', 1000), codec);
    expect(drawn).toEqual([{ width: PROMPT_IMAGE_MAX_SIDE, height: 1536, type: 'image/webp' }]);
    expect(prepared.ok && prepared.image.mimeType).toBe('image/webp');
    expect(prepared.ok && prepared.image.note).toBe(`made smaller from 4000×3000 to ${PROMPT_IMAGE_MAX_SIDE}×1536`);
  });

  it('sends a GIF as a PNG of its first frame, at its own size', async () => {
    const { codec, drawn } = fakeCodec({ width: 64, height: 32 }, () => 500);
    const prepared = await prepareImage(file('anim.gif', 'image/gif', 800), codec);
    expect(drawn).toEqual([{ width: 64, height: 32, type: 'image/png' }]);
    expect(prepared.ok && prepared.image).toMatchObject({ mimeType: 'image/png', note: 'sent as PNG (its first frame)' });
  });

  it('tries JPEG, then half the size, for an image whose bytes stay over the limit', async () => {
    // PNG never fits; JPEG fits only at a quarter of the pixels.
    const { codec, drawn } = fakeCodec({ width: 2000, height: 1000 }, (width, _height, type) =>
      type === 'image/png' || width > 500 ? PROMPT_IMAGE_MAX_BYTES + 1 : 100,
    );
    const prepared = await prepareImage(file('huge.png', 'image/png', PROMPT_IMAGE_MAX_BYTES + 1), codec);
    expect(drawn.map(({ width, type }) => `${width} ${type}`)).toEqual(['2000 image/png', '2000 image/jpeg', '1000 image/jpeg', '500 image/jpeg']);
    expect(prepared.ok && prepared.image).toMatchObject({ mimeType: 'image/jpeg', note: 'made smaller from 2000×1000 to 500×250, sent as JPEG' });
  });

  it('refuses an image that never fits, saying so', async () => {
    const { codec, drawn } = fakeCodec({ width: 2000, height: 1000 }, () => PROMPT_IMAGE_MAX_BYTES + 1);
    const prepared = await prepareImage(file('noise.jpg', 'image/jpeg', PROMPT_IMAGE_MAX_BYTES + 1), codec);
    expect(!prepared.ok && prepared.message).toBe('noise.jpg was not attached: even made smaller it is over 5 MB.');
    expect(drawn).toHaveLength(4);
  });
});

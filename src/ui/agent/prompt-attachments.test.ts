import { describe, expect, it } from 'vitest';
import { promptImagesOf, promptImagesProblem, promptImageParts } from '../../shared/prompt-images';
import { PROMPT_IMAGES_MAX, PROMPT_IMAGE_MAX_BYTES } from '../../shared/limits';
import { attachedImages, imageAttachment, uniqueName, withGivenBack } from './prompt-attachments';
import type { PromptAttachment } from './prompt-attachments';

const image = (id: string, name = `${id}.png`): PromptAttachment => ({ type: 'image', id, name, mimeType: 'image/png', data: 'iVBORw0KGgo=', bytes: 8 });

describe('prompt attachments', () => {
  it('names a second file of the same name apart, before its extension', () => {
    expect(uniqueName('shot.png', [])).toBe('shot.png');
    expect(uniqueName('shot.png', ['shot.png'])).toBe('shot (2).png');
    expect(uniqueName('shot.png', ['shot.png', 'shot (2).png'])).toBe('shot (3).png');
    expect(uniqueName('pasted image', ['pasted image'])).toBe('pasted image (2)');
  });

  it('gives attachments back in front of those added meanwhile, each once', () => {
    const a = image('a');
    const b = image('b');
    const c = image('c');
    expect(withGivenBack([c], [a, b]).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(withGivenBack([a, c], [a, b]).map((item) => item.id)).toEqual(['b', 'a', 'c']);
  });

  it('sends images by name, type and bytes, and makes them attachments again', () => {
    const sent = attachedImages([image('a', 'one.png')]);
    expect(sent).toEqual([{ name: 'one.png', mimeType: 'image/png', data: 'iVBORw0KGgo=' }]);
    expect(imageAttachment(sent[0]!)).toMatchObject({ type: 'image', name: 'one.png', mimeType: 'image/png', bytes: 8 });
  });
});

describe('prompt images', () => {
  it('go as inlineData parts after the text, and are read back from the stored entry with their names', () => {
    const parts = promptImageParts([{ name: 'one.png', mimeType: 'image/png', data: 'AAAA' }]);
    expect(parts).toEqual([{ inlineData: { mimeType: 'image/png', data: 'AAAA', displayName: 'one.png' } }]);
    expect(promptImagesOf({ role: 'user', parts: [{ text: 'look' }, ...parts] })).toEqual([{ name: 'one.png', mimeType: 'image/png', data: 'AAAA' }]);
    expect(promptImagesOf({ role: 'model', parts })).toEqual([]);
  });

  it('refuse a type, a size or a count past the limits', () => {
    const ok = { name: 'a.png', mimeType: 'image/png', data: 'AAAA' };
    expect(promptImagesProblem([ok])).toBeNull();
    expect(promptImagesProblem([{ ...ok, mimeType: 'image/svg+xml' }])).toBe('a.png is image/svg+xml: attach a PNG, JPEG, WebP or GIF image.');
    expect(promptImagesProblem([{ ...ok, data: 'A'.repeat(Math.ceil((PROMPT_IMAGE_MAX_BYTES * 4) / 3) + 8) }])).toBe('a.png is over 5 MB.');
    expect(promptImagesProblem(Array.from({ length: PROMPT_IMAGES_MAX + 1 }, () => ok))).toBe(`A message takes at most ${PROMPT_IMAGES_MAX} images.`);
  });
});

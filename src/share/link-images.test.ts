import { describe, expect, it } from 'vitest';
import type { Content } from '../shared/content';
import { promptImageParts } from '../shared/prompt-images';
import { decodeLink, encodeLink, parseSessionFile, serializeSessionFile } from './codec';
import { fitLinkImages } from './link-images';
import { buildDocument, openDocument } from './session-document';

/** base64 of `bytes` random bytes: an image's data barely compresses. */
function noise(bytes: number): string {
  const random = new Uint8Array(bytes);
  for (let index = 0; index < bytes; index += 65536) crypto.getRandomValues(random.subarray(index, Math.min(bytes, index + 65536)));
  return Buffer.from(random).toString('base64');
}

const photo = { name: 'photo.png', mimeType: 'image/png', data: noise(120_000) };
const icon = { name: 'icon.png', mimeType: 'image/png', data: noise(2_000) };

function session(annotations?: Record<string, string>) {
  const history: Content[] = [
    { role: 'user', parts: [{ text: 'first, no image' }], entryId: 'e1' },
    { role: 'model', parts: [{ text: 'ok' }], entryId: 'e2' },
    { role: 'user', parts: [{ text: 'look at these' }, ...promptImageParts([photo, icon])], entryId: 'e3' },
    { role: 'model', parts: [{ text: 'A photo and an icon.' }], entryId: 'e4' },
  ];
  // The second request carries the message with its images: written in the link as a reference to the entry.
  const roundTrips = [
    { id: 'r1', interactionId: 'i1', startedAt: 1, request: { model: 'm', contents: history.slice(0, 1) }, response: [] },
    { id: 'r2', interactionId: 'i2', startedAt: 2, request: { model: 'm', contents: history.slice(0, 3) }, response: [] },
  ];
  return buildDocument({ title: 'Images', createdAt: 0, history, roundTrips, files: [], ...(annotations ? { annotations } : {}) });
}

describe('images in a share link', () => {
  it('a link under its limit keeps every image', () => {
    const document = session();
    const fitted = fitLinkImages(document, 1_000_000, encodeLink);
    expect(fitted.leftOut).toEqual([]);
    expect(fitted.document).toBe(document);
  });

  it('a large image is left out of a link over its limit, the small one stays, and the message gets a note', () => {
    const fitted = fitLinkImages(session(), 64 * 1024, encodeLink);
    expect(fitted.fragment.length).toBeLessThanOrEqual(64 * 1024);
    expect(fitted.leftOut).toEqual([{ name: 'photo.png', bytes: 120_000, message: 2 }]);

    const decoded = decodeLink(fitted.fragment);
    if (!decoded.ok) throw new Error(decoded.error.message);
    const opened = openDocument(decoded.value);
    expect(opened.history[2]!.parts).toEqual([{ text: 'look at these' }, ...promptImageParts([icon])]);
    // The request that carried it carries the same entry, without the photo.
    expect(opened.roundTrips[1]!.request.contents.at(-1)!.parts).toEqual(opened.history[2]!.parts);
    expect(opened.annotations?.['message:2']).toBe('photo.png (118 KB) was left out of this link, which holds at most 64 KB; the session file keeps it.');
    expect(opened.notes).toContain('Message 2: photo.png (118 KB) was left out of this link, which holds at most 64 KB; the session file keeps it.');
  });

  it('a note already on the message is kept, the left-out image said after it', () => {
    const fitted = fitLinkImages(session({ 'message:2': 'Watch the photo.' }), 64 * 1024, encodeLink);
    expect(fitted.document.annotations?.['message:2']).toMatch(/^Watch the photo\.\n\nphoto\.png \(118 KB\) was left out/);
  });

  it('images are left out largest first until the link fits, all of them if need be', () => {
    const fitted = fitLinkImages(session(), 2_000, encodeLink);
    expect(fitted.leftOut.map((image) => image.name)).toEqual(['photo.png', 'icon.png']);
    expect(fitted.document.history[2]!.parts).toEqual([{ text: 'look at these' }]);
  });

  it('the session file keeps every image, with its name', () => {
    const file = parseSessionFile(serializeSessionFile(session()));
    if (!file.ok) throw new Error(file.error.message);
    expect(openDocument(file.value).history[2]!.parts).toEqual([{ text: 'look at these' }, ...promptImageParts([photo, icon])]);
  });
});

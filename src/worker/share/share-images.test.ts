/** Images attached to messages in a shared session: the link leaves a large one out (with a note), the file keeps it. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { decodeLink, parseSessionFile } from '../../share/codec';
import { openDocument } from '../../share/session-document';
import type { Content } from '../../shared/content';
import { promptImageParts } from '../../shared/prompt-images';
import { openDatabase } from '../../store/db';
import { createWholeSession } from '../../store/shared-sessions';
import { exportSession } from './share-requests';

const photo = { name: 'photo.jpg', mimeType: 'image/jpeg', data: Buffer.from(crypto.getRandomValues(new Uint8Array(60_000))).toString('base64') };
const icon = { name: 'icon.png', mimeType: 'image/png', data: 'iVBORw0KGgo=' };

describe('sharing a session with images', () => {
  it('the link leaves out the image that would push it past 64 KB, noting it on its message; the small one stays; the file keeps both', async () => {
    const db = openDatabase({ name: 'share-images' });
    const history: Content[] = [
      { role: 'user', parts: [{ text: 'like this' }, ...promptImageParts([photo])], entryId: 'e1' },
      { role: 'model', parts: [{ text: 'Noted.' }], entryId: 'e2' },
      { role: 'user', parts: [{ text: 'and this' }, ...promptImageParts([photo, icon])], entryId: 'e3' },
      { role: 'model', parts: [{ text: 'Done.' }], entryId: 'e4' },
    ];
    const created = await createWholeSession(db, { title: 'Pictures', origin: 'local', history, roundTrips: [], files: [] });
    if (!created.ok) throw new Error(created.error.message);

    const link = await exportSession(db, created.value, history, 'link');
    if (!link.ok) throw new Error(link.error.message);
    expect(link.value.fragment).not.toBeNull();
    const decoded = decodeLink(link.value.fragment!);
    if (!decoded.ok) throw new Error(decoded.error.message);
    const opened = openDocument(decoded.value);
    expect(opened.history[0]!.parts).toEqual([{ text: 'like this' }]);
    expect(opened.history[2]!.parts).toEqual([{ text: 'and this' }, ...promptImageParts([icon])]);
    expect(opened.annotations?.['message:1']).toMatch(/^photo\.jpg \(59 KB\) was left out of this link/);
    expect(opened.annotations?.['message:2']).toMatch(/^photo\.jpg \(59 KB\) was left out of this link/);
    expect(link.value.notes).toHaveLength(2);

    const file = await exportSession(db, created.value, history, 'file');
    if (!file.ok) throw new Error(file.error.message);
    const parsed = parseSessionFile(file.value.fileText!);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(openDocument(parsed.value).history.map((content) => content.parts)).toEqual(history.map((content) => content.parts));
  });
});

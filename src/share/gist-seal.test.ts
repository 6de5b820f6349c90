import { describe, expect, it } from 'vitest';
import { fromBase64, fromBase64Url, toBase64 } from './base64';
import { buildDocument } from './session-document';
import type { SessionDocument } from './document';
import { SHARE_GIST_MAX_CHARS } from '../shared/limits';
import { GIST_KEY_BYTES, SEALED_FORMAT, newGistKey, openSealed, sealDocument } from './gist-seal';
import { gistFragment, readGistLink } from './gist-link';
import { isSessionLink } from './link-prefix';

function documentOf(text: string): SessionDocument {
  return buildDocument({
    title: 'Sealed',
    createdAt: 1_700_000_000_000,
    history: [
      { role: 'user', parts: [{ text: 'Write notes' }] },
      { role: 'model', parts: [{ text }] },
    ],
    roundTrips: [],
    files: [{ path: 'notes.txt', content: text }],
  });
}

const envelopeOf = (text: string) => JSON.parse(text) as Record<string, string | number>;

describe('a session sealed for a Gist', () => {
  it('opens with its key to the same document, and the Gist holds none of its text', async () => {
    const document = documentOf('a secret plan, written out in full');
    const key = await newGistKey();
    const sealed = await sealDocument(document, key);
    expect(sealed).not.toContain('secret plan');
    expect(sealed).not.toContain('Sealed');
    expect(envelopeOf(sealed)).toMatchObject({ format: SEALED_FORMAT, version: 1, cipher: 'AES-GCM-256' });
    const opened = await openSealed(sealed, key);
    expect(opened).toEqual({ ok: true, value: document });
  });

  it('makes a new 256-bit key and a new IV each time, so the same session seals differently', async () => {
    const document = documentOf('same');
    const [one, two] = [await newGistKey(), await newGistKey()];
    expect(one).toHaveLength(GIST_KEY_BYTES);
    expect(one).not.toEqual(two);
    const [first, second] = [await sealDocument(document, one), await sealDocument(document, one)];
    expect(envelopeOf(first).iv).not.toBe(envelopeOf(second).iv);
    expect(fromBase64Url(envelopeOf(first).iv as string)).toHaveLength(12);
  });

  it('refuses another key as a wrong key, naming the link', async () => {
    const sealed = await sealDocument(documentOf('text'), await newGistKey());
    const opened = await openSealed(sealed, await newGistKey());
    expect(opened.ok).toBe(false);
    if (!opened.ok) {
      expect(opened.error.kind).toBe('share-wrong-key');
      expect(opened.error.message).toMatch(/key does not open its Gist/);
    }
  });

  it('refuses a Gist whose ciphertext was changed (one bit) as changed after sharing', async () => {
    const key = await newGistKey();
    const envelope = envelopeOf(await sealDocument(documentOf('text to alter'), key));
    const data = fromBase64(envelope.data as string)!;
    data[Math.floor(data.length / 2)]! ^= 1;
    const opened = await openSealed(JSON.stringify({ ...envelope, data: toBase64(data) }), key);
    expect(opened.ok ? null : opened.error).toMatchObject({ kind: 'share-corrupt', message: expect.stringMatching(/changed after it was shared/) });
  });

  it('refuses a Gist whose version was changed, as the version is sealed with the data', async () => {
    const key = await newGistKey();
    const envelope = envelopeOf(await sealDocument(documentOf('text'), key));
    const older = await openSealed(JSON.stringify({ ...envelope, version: 0 }), key);
    expect(older.ok ? null : older.error.kind).toBe('share-corrupt');
    const newer = await openSealed(JSON.stringify({ ...envelope, version: 2 }), key);
    expect(newer.ok ? null : newer.error.kind).toBe('share-version');
  });

  it('checks what it decrypts as any link: a sealed document that is not valid is refused with the check\'s words', async () => {
    const key = await newGistKey();
    const bad = { ...documentOf('text'), files: [{ path: '../outside.txt', text: 'x' }] } as SessionDocument;
    const opened = await openSealed(await sealDocument(bad, key), key);
    expect(opened.ok ? null : opened.error).toMatchObject({ kind: 'share-invalid', message: expect.stringMatching(/outside the workspace/) });
  });

  it('says so of a Gist that holds something else, or more than a Gist serves', async () => {
    const key = await newGistKey();
    expect(await openSealed('{"hello":1}', key)).toMatchObject({ ok: false, error: { kind: 'share-not-session' } });
    expect(await openSealed('not json', key)).toMatchObject({ ok: false, error: { kind: 'share-corrupt' } });
    expect(await openSealed('x'.repeat(SHARE_GIST_MAX_CHARS + 1), key)).toMatchObject({ ok: false, error: { kind: 'share-too-large' } });
  });
});

describe('a Gist link', () => {
  it('holds the Gist id and the key in its fragment, and reads back', async () => {
    const key = await newGistKey();
    const fragment = gistFragment('aa5a315d61ae9438b18d', key);
    expect(fragment).toMatch(/^gist=aa5a315d61ae9438b18d\.[A-Za-z0-9_-]{43}$/);
    expect(isSessionLink(`#${fragment}`)).toBe(true);
    expect(readGistLink(`#${fragment}`)).toEqual({ ok: true, value: { gistId: 'aa5a315d61ae9438b18d', key } });
  });

  it('refuses a link cut short, with a key of the wrong size, or an id that is not one', async () => {
    const fragment = gistFragment('abc123', await newGistKey());
    for (const broken of [fragment.slice(0, -5), 'gist=abc123', 'gist=.AAAA', `gist=ab/c.${fragment.split('.')[1]}`, `${fragment}.extra`]) {
      const read = readGistLink(broken);
      expect(read.ok ? null : read.error.kind, broken).toBe('share-corrupt');
    }
  });
});

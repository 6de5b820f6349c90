/**
 * Links packed with a preset dictionary: shorter, readable by this version and every later one
 * (a dictionary never changes once links use it), and links packed without one still open.
 */
import fc from 'fast-check';
import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './base64';
import { SHARE_REPEATS_MAX_CHARS } from '../shared/limits';
import { LINK_PREFIX, decodeLink, encodeLink } from './codec';
import { CURRENT_DICTIONARY, SHARE_DICTIONARIES } from './dictionary';
import type { SessionDocument } from './document';
import fixBug from './lessons/fix-bug.loopscope.json';
import webPage from './lessons/web-page.loopscope.json';
import { buildDocument } from './session-document';
import { sessionParts } from './testing/arbitraries';

const lessons = [fixBug, webPage] as unknown as SessionDocument[];
const bytesOf = (fragment: string) => fragment.length - LINK_PREFIX.length;

describe('share links packed with a preset dictionary', () => {
  it('keeps every dictionary links use exactly as it was (their ids, Adler-32, are in those links)', () => {
    expect(SHARE_DICTIONARIES.map((entry) => [entry.id, entry.bytes.length])).toEqual([[1918488767, 9405]]);
  });

  it('packs a bundled lesson in under 3 KB, less than half its link without the dictionary, and opens it the same', () => {
    for (const lesson of lessons) {
      const link = encodeLink(lesson);
      expect(link.length).toBeLessThanOrEqual(3 * 1024);
      expect(link.length).toBeLessThan(encodeLink(lesson, { dictionary: false }).length / 2);
      expect(decodeLink(link)).toEqual({ ok: true, value: lesson });
    }
  });

  it('opens links packed without a dictionary, as earlier versions made them', () => {
    for (const lesson of lessons) {
      const old = LINK_PREFIX + toBase64Url(zlibSync(new TextEncoder().encode(JSON.stringify(lesson)), { level: 9 }));
      expect(decodeLink(old)).toEqual({ ok: true, value: lesson });
    }
  });

  it('says a link packed with a dictionary it does not know comes from a newer version', () => {
    const json = new TextEncoder().encode(JSON.stringify(fixBug));
    const unknown = new TextEncoder().encode('a dictionary of a later version');
    const link = LINK_PREFIX + toBase64Url(zlibSync(json, { level: 9, dictionary: unknown }));
    expect(decodeLink(link)).toMatchObject({ ok: false, error: { kind: 'share-version' } });
    expect(CURRENT_DICTIONARY.id).not.toBe(0);
  });

  it('packs a document over SHARE_REPEATS_MAX_CHARS of JSON plain: its link is too long to offer anyway', () => {
    const big = 'x'.repeat(SHARE_REPEATS_MAX_CHARS / 3);
    const document = buildDocument({ title: 'Big', createdAt: 1, history: [], roundTrips: [], files: ['a', 'b', 'c', 'd'].map((name) => ({ path: `${name}.txt`, content: `${name}${big}` })) });
    const bytes = fromBase64Url(encodeLink(document).slice(LINK_PREFIX.length))!;
    expect(bytes[1]! & 0x20).toBe(0);
  });

  it('gives back every generated session, in a link no longer than the one without the dictionary', () => {
    fc.assert(
      fc.property(sessionParts, (parts) => {
        const document = buildDocument(parts);
        const link = encodeLink(document);
        expect(bytesOf(link)).toBeLessThanOrEqual(bytesOf(encodeLink(document, { dictionary: false })));
        expect(decodeLink(link)).toEqual(decodeLink(encodeLink(document, { dictionary: false })));
        expect(decodeLink(link).ok).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

/** History entries' ids in session documents (version 3): carried through a link, given to older documents' entries when opened. */
import { describe, expect, it } from 'vitest';
import { decodeLink, encodeLink, readDocument } from './codec';
import type { SessionDocument } from './document';
import { buildDocument, openDocument } from './session-document';

const history = [
  { role: 'user' as const, parts: [{ text: 'Make a page' }], entryId: 'e-user' },
  { role: 'model' as const, parts: [{ text: 'Done.' }], entryId: 'e-model' },
];

function documentOf(version: number, entries: unknown[]): SessionDocument {
  const read = readDocument({ format: 'loopscope-session', version, title: 'Old', createdAt: 1, history: entries, roundTrips: [], files: [] });
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
}

describe("history entries' ids in session documents", () => {
  it('travel in a link and open as they were', () => {
    const document = buildDocument({ title: 't', createdAt: 1, history, roundTrips: [], files: [] });
    const decoded = decodeLink(encodeLink(document));
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(openDocument(decoded.value).history.map((content) => content.entryId)).toEqual(['e-user', 'e-model']);
  });

  it('are given to the entries of an older document (version 2) when it opens', () => {
    const opened = openDocument(documentOf(2, history.map(({ role, parts }) => ({ role, parts }))));
    const ids = opened.history.map((content) => content.entryId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(2);
  });

  it('are made distinct where a document repeats one, keeping the first', () => {
    const opened = openDocument(documentOf(3, history.map((content) => ({ ...content, entryId: 'same' }))));
    const [first, second] = opened.history.map((content) => content.entryId);
    expect(first).toBe('same');
    expect(second).not.toBe('same');
  });

  it('must be short text: a document with an empty or huge id is refused', () => {
    expect(readDocument({ format: 'loopscope-session', version: 3, title: 'x', createdAt: 1, history: [{ ...history[0], entryId: '' }], roundTrips: [], files: [] }).ok).toBe(false);
    expect(readDocument({ format: 'loopscope-session', version: 3, title: 'x', createdAt: 1, history: [{ ...history[0], entryId: 'x'.repeat(65) }], roundTrips: [], files: [] }).ok).toBe(false);
  });
});

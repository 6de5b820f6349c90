import fc from 'fast-check';
import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { toBase64Url } from './base64';
import { LINK_PREFIX, decodeLink, encodeLink, parseSessionFile, serializeSessionFile } from './codec';
import { checkDocument } from './check-document';
import { DOCUMENT_VERSION } from './document';
import type { SessionDocument } from './document';
import { buildDocument, openDocument } from './session-document';
import type { RecordedRoundTrip } from './pack-round-trips';
import type { PlainFile, SessionParts } from './session-document';
import { sessionParts } from './testing/arbitraries';
import { SHARE_UNPACKED_MAX_BYTES } from '../shared/limits';
import type { LoopEventNote, RoundTripNotes, RoundTripRecord } from '../store/types';
import { withoutHookRuns } from '../worker/share/share-requests';

/** What a document does to the ids only round-trips use: short ones, numbered in order of first use. */
function withShortIds(roundTrips: readonly RecordedRoundTrip[]): RecordedRoundTrip[] {
  const numbering = (prefix: string) => {
    const seen = new Map<string, string>();
    return (id: string) => seen.get(id) ?? (seen.set(id, `${prefix}${seen.size + 1}`), seen.get(id)!);
  };
  const [roundTrip, interaction, turn] = [numbering('r'), numbering('i'), numbering('t')];
  return roundTrips.map((item) => ({
    ...item,
    id: roundTrip(item.id),
    interactionId: interaction(item.interactionId),
    ...(item.turn ? { turn: { ...item.turn, id: turn(item.turn.id) } } : {}),
  }));
}

const byPath = (files: readonly PlainFile[]) => [...files].sort((a, b) => (a.path < b.path ? -1 : 1));
const linkOf = (value: unknown) => LINK_PREFIX + toBase64Url(zlibSync(new TextEncoder().encode(JSON.stringify(value))));

function validDocument(): SessionDocument {
  return buildDocument({
    title: 'Build a page',
    createdAt: 1,
    history: [
      { role: 'user', parts: [{ text: 'Write index.html' }] },
      { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'write_file', args: { file_path: 'index.html', content: '<h1>Hi</h1>' } } }] },
      { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'write_file', response: { output: 'Wrote index.html' } } }] },
      { role: 'model', parts: [{ text: 'Done.' }] },
    ],
    roundTrips: [],
    files: [{ path: 'index.html', content: '<h1>Hi</h1>' }],
  });
}

describe('session links and files', () => {
  it('give back the same session: history, round-trips, files (bytes exact) and starting files', () => {
    fc.assert(
      fc.property(sessionParts, (parts: SessionParts) => {
        const decoded = decodeLink(encodeLink(buildDocument(parts)));
        if (!decoded.ok) throw new Error(decoded.error.message);
        const opened = openDocument(decoded.value);
        expect(opened.title).toBe(parts.title);
        expect(opened.history).toEqual(parts.history);
        expect(opened.roundTrips).toEqual(withShortIds(parts.roundTrips));
        expect(byPath(opened.files)).toEqual(byPath(parts.files));
        expect(opened.startFiles && byPath(opened.startFiles)).toEqual(parts.startFiles && byPath(parts.startFiles));
        expect(opened.annotations).toEqual(parts.annotations);
        const fromFile = parseSessionFile(serializeSessionFile(buildDocument(parts)));
        expect(fromFile.ok && openDocument(fromFile.value).history).toEqual(parts.history);
      }),
      { numRuns: 300 },
    );
  });

  it('a version 1 document (no notes) still decodes to the same session, link and file alike', () => {
    fc.assert(
      fc.property(sessionParts, (parts: SessionParts) => {
        const { annotations: _none, ...current } = buildDocument(parts);
        const older = { ...current, version: 1 as const };
        const decoded = decodeLink(encodeLink(older));
        if (!decoded.ok) throw new Error(decoded.error.message);
        expect(decoded.value).toEqual(older);
        const opened = openDocument(decoded.value);
        expect(opened.history).toEqual(parts.history);
        expect(opened.annotations).toBeUndefined();
        const fromFile = parseSessionFile(serializeSessionFile(older));
        expect(fromFile.ok && fromFile.value.version).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  it('store a request that repeats the history as references, not copies', () => {
    const history = Array.from({ length: 20 }, (_, index) => ({ role: index % 2 ? ('model' as const) : ('user' as const), parts: [{ text: `message ${index} `.repeat(20) }] }));
    const roundTrips = Array.from({ length: 10 }, (_, index) => ({
      id: `r${index}`,
      interactionId: 'i',
      startedAt: index,
      request: { model: 'm', contents: history.slice(0, 2 * index + 1), systemInstruction: 'You are a coding agent. '.repeat(50) },
      response: [],
    }));
    const document = buildDocument({ title: 't', createdAt: 0, history, roundTrips, files: [] });
    const withoutRoundTrips = JSON.stringify({ ...document, roundTrips: [] }).length;
    expect(JSON.stringify(document).length - withoutRoundTrips).toBeLessThan(3_000);
    expect(document.roundTrips.filter((roundTrip) => roundTrip.preamble)).toHaveLength(1);
  });

  it('leave out a file over the cap and say so', () => {
    const document = buildDocument({ title: 't', createdAt: 0, history: [], roundTrips: [], files: [{ path: 'big.bin', content: new Uint8Array(3 * 1024 * 1024) }, { path: 'a.txt', content: 'a' }] });
    expect(document.files.map((file) => file.path)).toEqual(['a.txt']);
    expect(document.notes?.[0]).toMatch(/big\.bin .* was left out/);
  });
});

describe('a link or file from someone else', () => {
  it('opens a round-trip error of a kind this Loopscope does not know as `unknown`, its message kept', () => {
    const history = validDocument().history as SessionParts['history'];
    const failed = (id: string): RecordedRoundTrip => ({ id, interactionId: 'i', startedAt: 1, request: { model: 'm', contents: history.slice(0, 1) }, response: [], error: { kind: 'rate-limit', message: '429' } });
    const document = buildDocument({ title: 'Failed', createdAt: 1, history, roundTrips: [failed('a'), failed('b')], files: [] });
    const later = { ...document, roundTrips: document.roundTrips.map((roundTrip, index) => (index === 1 ? { ...roundTrip, error: { kind: 'a-kind-from-later', message: 'Said by a later Loopscope.' } } : roundTrip)) };
    const decoded = decodeLink(linkOf(later));
    expect(decoded.ok && openDocument(decoded.value).roundTrips.map((roundTrip) => roundTrip.error)).toEqual([
      { kind: 'rate-limit', message: '429' },
      { kind: 'unknown', message: 'Said by a later Loopscope.' },
    ]);
  });

  const hostileJson: [string, unknown, RegExp][] = [
    ['a newer format version', { ...validDocument(), version: DOCUMENT_VERSION + 1 }, /newer Loopscope/],
    ['something that is not a session', { hello: 'world' }, /not a Loopscope session/],
    ['a wrong type', { ...validDocument(), history: 'none' }, /history: /],
    ['a field no session has (e.g. a key)', { ...validDocument(), apiKey: 'AIza-secret' }, /not valid/],
    ['a path outside the workspace', { ...validDocument(), files: [{ path: '../etc/passwd', text: 'x' }] }, /outside the workspace/],
    ['an absolute path', { ...validDocument(), files: [{ path: '/etc/passwd', text: 'x' }] }, /outside the workspace/],
    ['a path named twice', { ...validDocument(), files: [{ path: 'a', text: 'x' }, { path: 'a', text: 'y' }] }, /twice/],
    ['bytes that are not base64', { ...validDocument(), files: [{ path: 'a', base64: '!!!!' }] }, /not base64/],
    ['a reference to a missing history entry', { ...validDocument(), roundTrips: [{ id: 'r', interactionId: 'i', startedAt: 0, model: 'm', prefix: 0, tail: [99], response: [] }] }, /does not exist/],
  ];
  for (const [what, value, message] of hostileJson) {
    it(`is refused with a reason when it carries ${what}`, () => {
      const fromLink = decodeLink(linkOf(value));
      expect(fromLink.ok).toBe(false);
      if (!fromLink.ok) expect(fromLink.error.message).toMatch(message);
    });
  }

  it('is refused when it carries __proto__ or constructor keys, and nothing is polluted', () => {
    for (const key of ['__proto__', 'constructor']) {
      const text = JSON.stringify(validDocument()).replace('"title"', `"${key}":{"polluted":true},"title"`);
      const decoded = parseSessionFile(text);
      expect(decoded.ok).toBe(false);
      if (!decoded.ok) expect(decoded.error.message).toContain(key);
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('is refused when nested deeper than any session', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const decoded = parseSessionFile(deep);
    expect(decoded.ok || decoded.error.message).toMatch(/nested more than/);
  });

  it('stops unpacking a decompression bomb at the cap', () => {
    const bomb = LINK_PREFIX + toBase64Url(zlibSync(new Uint8Array(SHARE_UNPACKED_MAX_BYTES + 1024 * 1024).fill(32), { level: 9 }));
    const decoded = decodeLink(bomb);
    expect(decoded.ok || decoded.error.kind).toBe('share-too-large');
  });

  it('cut short or altered: 10,000 hostile inputs each end in a document or a typed error, never a throw', () => {
    const valid = encodeLink(validDocument());
    const kinds = new Map<string, number>();
    let slowest = 0;
    const check = (input: string, asFile = false) => {
      const started = performance.now();
      const decoded = asFile ? parseSessionFile(input) : decodeLink(input);
      slowest = Math.max(slowest, performance.now() - started);
      const kind = decoded.ok ? 'valid' : decoded.error.kind;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      if (decoded.ok) expect(checkDocument(decoded.value).ok).toBe(true);
      else expect(decoded.error.message.length).toBeGreaterThan(10);
    };
    const runs = { numRuns: 2_000 };
    fc.assert(fc.property(fc.integer({ min: 0, max: valid.length - 1 }), (cut) => check(valid.slice(0, cut))), runs);
    fc.assert(
      fc.property(fc.integer({ min: LINK_PREFIX.length, max: valid.length - 1 }), fc.constantFrom(...'AZaz09-_x'), (at, char) => check(valid.slice(0, at) + char + valid.slice(at + 1))),
      runs,
    );
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (junk) => check(LINK_PREFIX + junk)), runs);
    fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => check(LINK_PREFIX + toBase64Url(bytes))), runs);
    // Hostile JSON: the valid document with one value swapped for any JSON at any depth.
    const document = validDocument() as unknown as Record<string, unknown>;
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(document)), fc.jsonValue({ maxDepth: 4 }), (key, value) => check(JSON.stringify({ ...document, [key]: value }), true)),
      runs,
    );
    console.log(`10,000 hostile inputs: ${[...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ')}; slowest decode ${slowest.toFixed(1)} ms`);
    expect([...kinds.values()].reduce((sum, count) => sum + count, 0)).toBe(10_000);
  });
});

describe("a round-trip's Loop inspector notes in a document", () => {
  // Every field RoundTripNotes (store/types.ts) can hold, each optional one present: the store's
  // type is the source, so a field added there and not to the document's schema fails here.
  const events = {
    steering_joined: { type: 'steering_joined', value: { messages: [{ id: 's1', entryId: 'e9', text: 'Use tabs' }] }, at: 1_030 },
    chat_compressed: { type: 'chat_compressed', value: { originalTokenCount: 900, newTokenCount: 300, compressionStatus: 'COMPRESSED' }, at: 1_040 },
    loop_detected: { type: 'loop_detected', value: { loopType: 'consecutive_identical_tool_calls', detail: 'read_file 5 times' }, at: 1_050 },
  } satisfies { [K in Exclude<LoopEventNote['type'], 'hook_run'>]: Extract<LoopEventNote, { type: K }> };
  const notes: Required<RoundTripNotes> = {
    toolCalls: [
      {
        callId: 'c1',
        name: 'docs__search',
        summary: 'query: tabs',
        steps: [
          { status: 'validating', at: 1_000 },
          { status: 'executing', at: 1_010, progress: '3 / 5 · Indexing' },
          { status: 'executing', at: 1_015, progress: 'x'.repeat(200) },
          { status: 'success', at: 1_020 },
        ],
      },
    ],
    events: Object.values(events),
  };
  const record: RoundTripRecord = {
    id: 'rt-1',
    sessionId: 'session-1',
    interactionId: 'i-1',
    startedAt: 1_000,
    endedAt: 1_060,
    request: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'Search the docs' }] }] },
    response: [],
    notes,
  };
  const parts = (): SessionParts => ({ title: 'Notes', createdAt: 900, history: [{ role: 'user', parts: [{ text: 'Search the docs' }] }], roundTrips: [withoutHookRuns(record)], files: [] });

  it('a tool call step with MCP progress, and every event, survive a link and a session file', () => {
    const decoded = decodeLink(encodeLink(buildDocument(parts())));
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(openDocument(decoded.value).roundTrips[0]?.notes).toEqual(notes);
    const fromFile = parseSessionFile(serializeSessionFile(buildDocument(parts())));
    if (!fromFile.ok) throw new Error(fromFile.error.message);
    expect(openDocument(fromFile.value).roundTrips[0]?.notes).toEqual(notes);
  });

  it("a hook's run stays out of the document, the rest of the notes kept", () => {
    const hookRun = { type: 'hook_run', value: { hook: { id: 'h1', event: 'after_edit', command: 'npm test' }, exitCode: 0, durationMs: 5 }, at: 1_055 } as unknown as LoopEventNote;
    const decoded = decodeLink(encodeLink(buildDocument({ ...parts(), roundTrips: [withoutHookRuns({ ...record, notes: { ...notes, events: [...notes.events, hookRun] } })] })));
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(openDocument(decoded.value).roundTrips[0]?.notes).toEqual(notes);
  });

  it('progress words recorded before the worker capped them are cut to 200 characters as the session is shared', () => {
    const steps = [{ status: 'executing' as const, at: 1_010, progress: `1 / 2 · ${'w'.repeat(500)}` }];
    const older = { ...record, notes: { toolCalls: [{ ...notes.toolCalls[0]!, steps }] } };
    const decoded = decodeLink(encodeLink(buildDocument({ ...parts(), roundTrips: [withoutHookRuns(older)] })));
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(openDocument(decoded.value).roundTrips[0]?.notes?.toolCalls?.[0]?.steps[0]?.progress).toBe(`1 / 2 · ${'w'.repeat(192)}`);
  });

  it('progress longer than a step holds is refused (the worker caps it first)', () => {
    const long = { toolCalls: [{ ...notes.toolCalls[0]!, steps: [{ status: 'executing' as const, at: 1_010, progress: 'x'.repeat(201) }] }] };
    const decoded = decodeLink(encodeLink(buildDocument({ ...parts(), roundTrips: [{ ...withoutHookRuns(record), notes: long }] })));
    expect(decoded.ok).toBe(false);
  });
});

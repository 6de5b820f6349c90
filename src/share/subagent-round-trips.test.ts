import { describe, expect, it } from 'vitest';
import { decodeLink, encodeLink, parseSessionFile, serializeSessionFile } from './codec';
import type { RecordedRoundTrip } from './pack-round-trips';
import { buildDocument, openDocument } from './session-document';

const call = { id: 'task1', name: 'task', args: { description: 'Count files', prompt: 'How many files?' } };
const history = [
  { role: 'user' as const, parts: [{ text: 'count them' }] },
  { role: 'model' as const, parts: [{ functionCall: call }] },
  { role: 'user' as const, parts: [{ functionResponse: { id: 'task1', name: 'task', response: { output: 'Two.' } } }] },
  { role: 'model' as const, parts: [{ text: 'There are two.' }] },
];
const roundTrip = (id: string, startedAt: number, contents: RecordedRoundTrip['request']['contents'], extra: Partial<RecordedRoundTrip> = {}): RecordedRoundTrip => ({
  id,
  interactionId: extra.subagent ? 'nested' : 'main',
  startedAt,
  endedAt: startedAt + 10,
  request: { model: 'm', contents },
  response: [],
  ...extra,
});
const roundTrips = [
  roundTrip('a', 100, history.slice(0, 1)),
  roundTrip('b', 200, [{ role: 'user', parts: [{ text: 'How many files?' }] }], { subagent: { callId: 'task1', description: 'Count files' } }),
  roundTrip('c', 300, history.slice(0, 3)),
];

describe("a subagent's round-trips in links and session files", () => {
  it('keep the task call they belong to', () => {
    const document = buildDocument({ title: 'Count', createdAt: 1, history, roundTrips, files: [] });
    const decoded = decodeLink(encodeLink(document));
    expect(decoded.ok).toBe(true);
    const opened = decoded.ok ? openDocument(decoded.value) : null;
    expect(opened?.roundTrips.map((record) => record.subagent ?? null)).toEqual([null, { callId: 'task1', description: 'Count files' }, null]);
    expect(opened?.roundTrips[1]?.request.contents).toEqual([{ role: 'user', parts: [{ text: 'How many files?' }] }]);
    const file = parseSessionFile(serializeSessionFile(document));
    expect(file.ok && openDocument(file.value).roundTrips[1]?.subagent?.callId).toBe('task1');
  });
});

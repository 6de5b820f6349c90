// The fake's raw stream faults: events written as given, one byte per write, other line ends,
// and the arrival time of each request (for "no request after Stop" counts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGemini } from './server.mjs';
import type { FakeGemini, FakeScript } from './server.mjs';

let fake: FakeGemini;
const MODEL = 'gemini-2.5-flash';

beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

/** The body of one streamed answer as the reads that delivered it. */
async function reads(script: FakeScript): Promise<Uint8Array[]> {
  fake.setScript(script);
  const response = await fetch(`${fake.url}/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`, { method: 'POST', body: '{}' });
  const reader = response.body!.getReader();
  const got: Uint8Array[] = [];
  for (;;) {
    const read = await reader.read();
    if (read.done) return got;
    got.push(read.value);
  }
}

function text(parts: Uint8Array[]): string {
  return Buffer.concat(parts).toString('utf8');
}

describe('fake Gemini stream faults', () => {
  it('writes an `sse` chunk as given, framing and all', async () => {
    const body = text(await reads({ responses: [{ chunks: [{ sse: 'data: {not json\r\n\r\n' }, { text: 'after' }] }] }));
    expect(body.startsWith('data: {not json\r\n\r\ndata: {"candidates"')).toBe(true);
  });

  it('ends lines with LF or CR when asked, CRLF otherwise', async () => {
    const crlf = text(await reads({ responses: [{ chunks: [{ text: 'a' }] }] }));
    const lf = text(await reads({ responses: [{ chunks: [{ text: 'a' }], lineEnd: 'lf' }] }));
    const cr = text(await reads({ responses: [{ chunks: [{ text: 'a' }], lineEnd: 'cr' }] }));
    expect(crlf.endsWith('}\r\n\r\n')).toBe(true);
    expect(lf.endsWith('}\n\n') && !lf.includes('\r')).toBe(true);
    expect(cr.endsWith('}\r\r') && !cr.includes('\n')).toBe(true);
  });

  it("writes one byte per write with split: 'bytes', multi-byte characters included", async () => {
    const whole = text(await reads({ responses: [{ chunks: [{ text: 'Zürich 🙂' }] }] }));
    const split = await reads({ responses: [{ chunks: [{ text: 'Zürich 🙂' }], split: 'bytes' }] });
    expect(text(split).replace(/"responseId":"[^"]*"/, '')).toBe(whole.replace(/"responseId":"[^"]*"/, ''));
    // Each byte is its own write on its own task; the reader may still join a few.
    expect(split.length).toBeGreaterThan(Buffer.byteLength(whole) / 4);
  });

  it('records when each request arrived', async () => {
    const before = Date.now();
    await reads({ responses: [{ chunks: [{ text: 'a' }] }] });
    const [request] = fake.requests();
    expect(request?.receivedAt).toBeGreaterThanOrEqual(before);
    expect(request?.receivedAt).toBeLessThanOrEqual(Date.now());
  });
});

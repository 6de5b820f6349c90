import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStreamEventDecoder } from './stream-events';
import type { WireChunk } from './stream-events';

const encoder = new TextEncoder();

function chunkJson(text: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text }] }, ...extra }] });
}

/** Feeds `bytes` cut at `cuts` and returns everything decoded, or what was thrown. */
function decode(bytes: Uint8Array, cuts: number[] = []) {
  const decoder = createStreamEventDecoder();
  const chunks: WireChunk[] = [];
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  let start = 0;
  for (const end of [...points, bytes.length]) {
    const read = decoder.push(bytes.subarray(start, end));
    chunks.push(...read.chunks);
    if (read.failure) return { chunks, failure: read.failure };
    start = end;
  }
  try {
    decoder.end();
  } catch (thrown) {
    return { chunks, failure: thrown };
  }
  return { chunks, failure: undefined };
}

const textsOf = (chunks: WireChunk[]) => chunks.map((chunk) => chunk.candidates?.[0]?.content?.parts?.[0]?.text);

describe('reading Gemini stream events', () => {
  it('decodes the same chunks however the bytes are cut, with LF or CRLF framing and multi-byte text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 20 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('\n', '\r\n'),
        fc.array(fc.nat(), { maxLength: 12 }),
        (texts, newline, cuts) => {
          const wire = texts.map((text) => `data: ${chunkJson(text)}${newline}${newline}`).join('');
          const { chunks, failure } = decode(encoder.encode(wire), cuts);
          expect(failure).toBeUndefined();
          expect(textsOf(chunks)).toEqual(texts);
        },
      ),
    );
  });

  it('ignores comments and keep-alive blank lines between events', () => {
    const wire = `: keep-alive\n\ndata: ${chunkJson('a')}\n\n\n\n: ping\ndata: ${chunkJson('b')}\n\n`;
    const { chunks, failure } = decode(encoder.encode(wire));
    expect(failure).toBeUndefined();
    expect(textsOf(chunks)).toEqual(['a', 'b']);
  });

  it('keeps the chunks before an error event, then fails with its HTTP code', () => {
    const error = JSON.stringify({ error: { code: 503, status: 'UNAVAILABLE', message: 'The model is overloaded.' } });
    const wire = `data: ${chunkJson('partial')}\n\ndata: ${error}\n\ndata: ${chunkJson('never')}\n\n`;
    const { chunks, failure } = decode(encoder.encode(wire));
    expect(textsOf(chunks)).toEqual(['partial']);
    expect(failure).toMatchObject({ status: 503 });
    expect(String((failure as Error).message)).toContain('The model is overloaded.');
  });

  it('fails when the body ends inside an event', () => {
    const wire = `data: ${chunkJson('whole')}\n\ndata: {"candidates":[{"content":`;
    const { chunks, failure } = decode(encoder.encode(wire));
    expect(textsOf(chunks)).toEqual(['whole']);
    expect(String((failure as Error).message)).toMatch(/incomplete json segment/i);
  });

  it('fails when the last event lacks its blank line', () => {
    const { failure } = decode(encoder.encode(`data: ${chunkJson('almost')}\n`));
    expect(String((failure as Error).message)).toMatch(/incomplete json segment/i);
  });

  it('reads an error sent as plain JSON without SSE framing', () => {
    const body = JSON.stringify({ error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'Quota exceeded.' } }, null, 2);
    const { chunks, failure } = decode(encoder.encode(body), [7, 30]);
    expect(chunks).toEqual([]);
    expect(failure).toMatchObject({ status: 429 });
  });

  it('reports an event that is not JSON, quoting its start', () => {
    const { failure } = decode(encoder.encode('data: <html>proxy error</html>\n\n'));
    expect(String((failure as Error).message)).toContain('not JSON: <html>proxy error');
  });

  it('ends cleanly on an empty body', () => {
    expect(decode(new Uint8Array())).toEqual({ chunks: [], failure: undefined });
  });
});

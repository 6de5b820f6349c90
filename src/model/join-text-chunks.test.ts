import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinTextChunks } from './join-text-chunks';
import type { ModelChunk } from './types';

const text = (value: string, raw: unknown = { text: value }): ModelChunk => ({ type: 'chunk', parts: [{ text: value }], rawChunks: [raw] });

describe('joining text chunks that arrive together', () => {
  it('joins a run of text chunks into one, keeping every raw chunk in order', () => {
    expect(joinTextChunks([text('Hel', 1), text('lo, ', 2), text('world', 3)])).toEqual([
      { type: 'chunk', parts: [{ text: 'Hello, world' }], rawChunks: [1, 2, 3] },
    ]);
  });

  it('leaves a lone chunk as it came', () => {
    const only = text('alone');
    expect(joinTextChunks([only])[0]).toBe(only);
  });

  it('never joins thoughts, signatures, calls, finish reasons, usage or citations, and keeps the order', () => {
    const thought: ModelChunk = { type: 'chunk', parts: [{ text: '**Plan**', thought: true }], rawChunks: ['t'] };
    const signed: ModelChunk = { type: 'chunk', parts: [{ text: 'signed', thoughtSignature: 'sig' }], rawChunks: ['s'] };
    const call: ModelChunk = { type: 'chunk', parts: [{ functionCall: { name: 'read_file', args: {} } }], rawChunks: ['c'] };
    const cited: ModelChunk = { type: 'chunk', parts: [{ text: 'quote' }], citations: [{ uri: 'https://example.org/' }], rawChunks: ['q'] };
    const last: ModelChunk = { type: 'chunk', parts: [{ text: '.' }], finishReason: 'STOP', usage: { totalTokenCount: 9 }, rawChunks: ['f'] };
    const chunks = [text('a', 'a'), text('b', 'b'), thought, text('c', 'c'), signed, call, text('d', 'd'), text('e', 'e'), cited, text('f', 'g'), last];
    expect(joinTextChunks(chunks)).toEqual([
      { type: 'chunk', parts: [{ text: 'ab' }], rawChunks: ['a', 'b'] },
      thought,
      text('c', 'c'),
      signed,
      call,
      { type: 'chunk', parts: [{ text: 'de' }], rawChunks: ['d', 'e'] },
      cited,
      text('f', 'g'),
      last,
    ]);
  });

  it('keeps the text, the parts that are not plain text and the raw chunks of any mix', () => {
    const arbitraryChunk = fc.oneof(
      fc.string().map((value) => text(value)),
      fc.string().map((value): ModelChunk => ({ type: 'chunk', parts: [{ text: value, thought: true }], rawChunks: [value] })),
      fc.constant<ModelChunk>({ type: 'chunk', parts: [], finishReason: 'STOP', rawChunks: ['end'] }),
    );
    fc.assert(
      fc.property(fc.array(arbitraryChunk, { maxLength: 30 }), (chunks) => {
        const joined = joinTextChunks(chunks);
        const visible = (list: ModelChunk[]) => list.flatMap((chunk) => chunk.parts.filter((part) => !part.thought).map((part) => part.text)).join('');
        expect(visible(joined)).toBe(visible(chunks));
        const others = (list: ModelChunk[]) => list.filter((chunk) => chunk.parts.some((part) => part.thought) || chunk.finishReason);
        expect(others(joined)).toEqual(others(chunks));
        expect(joined.flatMap((chunk) => chunk.rawChunks)).toEqual(chunks.flatMap((chunk) => chunk.rawChunks));
        for (let index = 1; index < joined.length; index++) {
          const plain = (chunk: ModelChunk) => chunk.parts.length > 0 && !chunk.parts.some((part) => part.thought) && !chunk.finishReason;
          expect(plain(joined[index - 1]!) && plain(joined[index]!)).toBe(false);
        }
      }),
    );
  });
});

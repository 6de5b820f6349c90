import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteLength, keepHeadAndTail, keepTail } from './output-budget';

describe('output budget', () => {
  it('keeps text that fits unchanged', () => {
    expect(keepHeadAndTail('short', 8, 8)).toEqual({ text: 'short', omittedBytes: 0 });
  });

  it('keeps the head and tail with a marker naming the omitted bytes', () => {
    expect(keepHeadAndTail('aaaa-middle-zzzz', 4, 4)).toEqual({ text: 'aaaa\n[... 8 bytes omitted ...]\nzzzz', omittedBytes: 8 });
  });

  it('never splits a multi-byte character and accounts for every byte', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.nat(40), fc.nat(40), (text, head, tail) => {
        const kept = keepHeadAndTail(text, head, tail);
        expect(kept.text).not.toContain('\uFFFD');
        if (kept.omittedBytes === 0) {
          expect(kept.text).toBe(text);
          return;
        }
        const [first, rest] = kept.text.split(`\n[... ${kept.omittedBytes} bytes omitted ...]\n`) as [string, string];
        expect(text.startsWith(first)).toBe(true);
        expect(text.endsWith(rest)).toBe(true);
        expect(byteLength(first)).toBeLessThanOrEqual(head);
        expect(byteLength(rest)).toBeLessThanOrEqual(tail);
        expect(byteLength(first) + kept.omittedBytes + byteLength(rest)).toBe(byteLength(text));
      }),
    );
  });

  it('keeps the tail within its budget', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.nat(60), (text, max) => {
        const tail = keepTail(text, max);
        expect(text.endsWith(tail)).toBe(true);
        expect(tail).not.toContain('\uFFFD');
        expect(byteLength(tail) <= max || tail === text).toBe(true);
      }),
    );
  });
});

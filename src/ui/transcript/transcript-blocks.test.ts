import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_BLOCKS, extendTextBlocks, textBlocks } from './transcript';

describe('a streaming answer laid out in blocks', () => {
  it('splits a growing text exactly as a fresh split would, keeping finished blocks as they were', () => {
    const piece = fc.oneof(fc.string({ maxLength: 3000 }), fc.constantFrom('\n', 'line\n', 'x'.repeat(9000)));
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 30 }), (pieces) => {
        let cache = EMPTY_BLOCKS;
        let text = '';
        let previous: string[] = [];
        for (const delta of pieces) {
          text += delta;
          const next = extendTextBlocks(cache, text);
          expect(next.blocks).toEqual(textBlocks(text));
          // Every block finished before stays the identical string (its memoized element does not re-render).
          previous.slice(0, -1).forEach((block, index) => expect(next.blocks[index]).toBe(block));
          cache = next.cache;
          previous = next.blocks;
        }
      }),
      { numRuns: 100 },
    );
  });

  it('starts over when the text is replaced rather than extended', () => {
    const long = `${'a'.repeat(8100)}\n${'b'.repeat(100)}`;
    const first = extendTextBlocks(EMPTY_BLOCKS, long);
    expect(first.cache.consumed).toBeGreaterThan(0);
    const replaced = `${'c'.repeat(8100)}\n`;
    expect(extendTextBlocks(first.cache, replaced).blocks).toEqual(textBlocks(replaced));
    expect(extendTextBlocks(first.cache, 'short').blocks).toEqual(['short']);
  });
});

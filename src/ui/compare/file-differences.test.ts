import { describe, expect, it } from 'vitest';
import { MAX_DIFF_BYTES, compareFiles, diffTexts } from './file-differences';

describe('the files at the end of two runs', () => {
  it('lists changed files and files only one run has, sorted by path, and counts the rest as the same', () => {
    const comparison = compareFiles(
      [
        { path: 'b.txt', content: 'bee\n' },
        { path: 'a.txt', content: 'one\n' },
        { path: 'gone.txt', content: 'x' },
        { path: 'same.txt', content: 'same' },
      ],
      [
        { path: 'a.txt', content: 'two\n' },
        { path: 'same.txt', content: 'same' },
        { path: 'new.txt', content: 'new' },
        { path: 'b.txt', content: 'bee\n' },
      ],
    );
    expect(comparison.differences.map((difference) => [difference.path, difference.change])).toEqual([
      ['a.txt', 'changed'],
      ['gone.txt', 'only-original'],
      ['new.txt', 'only-fork'],
    ]);
    expect(comparison.same).toBe(2);
  });

  it('compares binary files byte by byte', () => {
    const comparison = compareFiles(
      [
        { path: 'a.png', content: new Uint8Array([1, 2, 3]) },
        { path: 'b.png', content: new Uint8Array([1, 2, 3]) },
      ],
      [
        { path: 'a.png', content: new Uint8Array([1, 2, 3]) },
        { path: 'b.png', content: new Uint8Array([1, 2, 4]) },
      ],
    );
    expect(comparison.differences.map((difference) => difference.path)).toEqual(['b.png']);
    expect(diffTexts(comparison.differences[0]!)).toBeNull();
  });

  it('puts texts in a diff, a missing side as empty, and leaves out texts too large to diff', () => {
    const [added] = compareFiles([], [{ path: 'new.txt', content: 'new' }]).differences;
    expect(diffTexts(added!)).toEqual({ original: '', fork: 'new' });
    const [large] = compareFiles([{ path: 'big.txt', content: 'x'.repeat(MAX_DIFF_BYTES + 1) }], [{ path: 'big.txt', content: 'y' }]).differences;
    expect(diffTexts(large!)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { findMentions, isReferencedFilesText, mentionOf, referencedFilesText, resolveMention } from './mentions';

describe('mentions in a message', () => {
  it('are @ at the start or after whitespace, never inside a word (an e-mail address)', () => {
    expect(findMentions('@a.txt and @src/b.ts, mail me@example.com')).toEqual(['a.txt', 'src/b.ts,']);
    expect(findMentions('see\n@x.md twice @x.md')).toEqual(['x.md']);
    expect(findMentions('no mention here @')).toEqual([]);
  });

  it('write a space or backslash in a path escaped, and read it back', () => {
    const mention = mentionOf('my notes/a b.md');
    expect(mention).toBe('@my\\ notes/a\\ b.md');
    expect(findMentions(`read ${mention} please`)).toEqual(['my notes/a b.md']);
  });

  it('resolve to a file as written, or without the punctuation that ends a sentence', () => {
    const files = new Set(['a.txt', 'src/b.ts']);
    const exists = (path: string) => files.has(path);
    expect(resolveMention('a.txt', exists)).toBe('a.txt');
    expect(resolveMention('src/b.ts,', exists)).toBe('src/b.ts');
    expect(resolveMention('a.txt).', exists)).toBe('a.txt');
    expect(resolveMention('./a.txt', exists)).toBe('a.txt');
    expect(resolveMention('missing.txt', exists)).toBeNull();
  });
});

describe('the referenced files part', () => {
  it("quotes each file under its mention, in Gemini CLI's wording", () => {
    const text = referencedFilesText([
      { path: 'a.txt', content: 'alpha\n' },
      { path: 'b c.md', content: 'beta' },
    ]);
    expect(text).toBe(
      '--- Content from referenced files ---\nContent from @a.txt:\nalpha\nContent from @b\\ c.md:\nbeta\n--- End of content ---',
    );
    expect(isReferencedFilesText(text)).toBe(true);
    expect(isReferencedFilesText('--- not it')).toBe(false);
  });

  it('cuts a long file with a note, names a binary one, and stops including past the total', () => {
    const text = referencedFilesText(
      [
        { path: 'long.txt', content: 'x'.repeat(30) },
        { path: 'logo.png', content: new Uint8Array(2048) },
        { path: 'second.txt', content: 'y'.repeat(30) },
        { path: 'third.txt', content: 'z' },
      ],
      20,
      35,
    );
    expect(text).toContain(`Content from @long.txt:\n${'x'.repeat(20)}\n[Cut: long.txt has 30 characters; only the first 20 are included. Read the rest with read_file.]`);
    expect(text).toContain('Content from @logo.png:\n[A binary file of 2,048 bytes: its content is not included.]');
    expect(text).toContain(`Content from @second.txt:\n${'y'.repeat(15)}\n[Cut: second.txt has 30 characters; only the first 15`);
    expect(text).toContain('Content from @third.txt:\n[Not included: the mentioned files already take 35 characters. Read it with read_file.]');
  });
});

import { describe, expect, it } from 'vitest';
import type { Part } from '../../shared/content';
import { call, deepFreeze } from './fixtures';
import { mergeAdjacentText, stripThoughts } from './request-contents';

describe('mergeAdjacentText (F7)', () => {
  it('joins streamed text chunks into one part', () => {
    const parts = deepFreeze<Part[]>([{ text: 'Hel' }, { text: 'lo' }, { text: '' }, { text: '!' }]);
    expect(mergeAdjacentText(parts)).toEqual([{ text: 'Hello!' }]);
  });

  it('does not merge across calls, thoughts, signed text or media', () => {
    const parts = deepFreeze<Part[]>([
      { text: 'a' },
      call('read_file', 'c1'),
      { text: 'b' },
      { text: 'c', thoughtSignature: 'SIG' },
      { text: 'd' },
      { text: 'e', thought: true },
      { inlineData: { mimeType: 'image/png', data: '' } },
      { text: 'f' },
      { text: 'g' },
    ]);
    expect(mergeAdjacentText(parts)).toEqual([
      { text: 'a' },
      call('read_file', 'c1'),
      { text: 'b' },
      { text: 'c', thoughtSignature: 'SIG' },
      { text: 'd' },
      { text: 'e', thought: true },
      { inlineData: { mimeType: 'image/png', data: '' } },
      { text: 'fg' },
    ]);
  });

  it('returns the input itself when nothing is adjacent', () => {
    const parts = deepFreeze<Part[]>([{ text: 'a' }, call('x', 'c1')]);
    expect(mergeAdjacentText(parts)).toBe(parts);
  });

  it('composes with stripThoughts: text split by a thought becomes one part', () => {
    const parts = deepFreeze<Part[]>([{ text: 'An' }, { text: 'hmm', thought: true }, { text: 'swer' }]);
    expect(mergeAdjacentText(stripThoughts(parts))).toEqual([{ text: 'Answer' }]);
  });
});

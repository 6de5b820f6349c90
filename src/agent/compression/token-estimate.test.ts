import { describe, expect, it } from 'vitest';
import { textContent } from '../../shared/content';
import type { Content } from '../../shared/content';
import { estimateTokens, INLINE_DATA_TOKENS } from './token-estimate';

describe('estimateTokens', () => {
  it('is about a quarter of the JSON character count', () => {
    const contents = [textContent('user', 'x'.repeat(4000))];
    const chars = JSON.stringify(contents).length;
    expect(estimateTokens(contents)).toBe(Math.ceil(chars / 4));
    expect(estimateTokens([])).toBe(1);
  });

  it('counts inline media as a small fixed cost, wherever it sits', () => {
    const image = { mimeType: 'image/png', data: 'A'.repeat(400_000) };
    const contents: Content[] = [
      { role: 'user', parts: [{ text: 'look' }, { inlineData: image }] },
      { role: 'model', parts: [{ functionCall: { id: '1', name: 'read_file', args: { file_path: 'i.png' } } }] },
      { role: 'user', parts: [{ functionResponse: { id: '1', name: 'read_file', response: { output: '' }, parts: [{ inlineData: image }] } }] },
    ];
    const estimate = estimateTokens(contents);
    expect(estimate).toBeGreaterThan(2 * INLINE_DATA_TOKENS);
    expect(estimate).toBeLessThan(2 * INLINE_DATA_TOKENS + 200);
  });

  it('grows with the text', () => {
    expect(estimateTokens([textContent('user', 'a'.repeat(100))])).toBeLessThan(estimateTokens([textContent('user', 'a'.repeat(1000))]));
  });
});

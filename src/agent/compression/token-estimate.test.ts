import fc from 'fast-check';
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

  it('equals the estimate of the whole JSON for any history, measured again or not', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom<'user' | 'model'>('user', 'model'), fc.string()), { maxLength: 12 }), (turns) => {
        const contents = turns.map(([role, text]) => textContent(role, text));
        const whole = Math.ceil(JSON.stringify(contents).length / 4);
        expect(estimateTokens(contents)).toBe(whole);
        expect(estimateTokens(contents)).toBe(whole);
        expect(estimateTokens(contents.slice(1))).toBe(Math.ceil(JSON.stringify(contents.slice(1)).length / 4));
      }),
    );
  });

  it("does not count an entry's id, which no model is sent", () => {
    const bare = [textContent('user', 'hello there')];
    expect(estimateTokens([{ ...bare[0]!, entryId: 'a'.repeat(400) }])).toBe(estimateTokens(bare));
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

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContextMeter, formatTokens, meterValue } from './context-meter';

describe('the context meter', () => {
  it('writes token counts compactly', () => {
    expect([950, 9_500, 12_345, 131_072, 999_999, 1_048_576, 2_097_152].map(formatTokens)).toEqual(['950', '9.5k', '12k', '131k', '1M', '1M', '2.1M']);
  });

  it('is the last request against the window, with its level', () => {
    expect(meterValue({ promptTokenCount: 12_345, tokenLimit: 1_048_576, model: 'm' })).toEqual({
      now: 12_345,
      max: 1_048_576,
      percent: 1,
      text: '12k / 1M tokens',
      valueText: '12,345 of 1,048,576 tokens (1%)',
      level: 'ok',
    });
    expect(meterValue({ promptTokenCount: 20_000, tokenLimit: 32_768, model: 'm' }).level).toBe('warn');
    expect(meterValue({ promptTokenCount: 30_000, tokenLimit: 32_768, model: 'm' }).level).toBe('full');
  });

  it('keeps aria-valuenow within the window when a request exceeded it, and says the true count', () => {
    const value = meterValue({ promptTokenCount: 40_000, tokenLimit: 32_768, model: 'm' });
    expect(value.now).toBe(32_768);
    expect(value.percent).toBe(122);
    expect(value.valueText).toBe('40,000 of 32,768 tokens (122%)');
  });

  it('renders a meter named Context used, and nothing before the first round-trip', () => {
    const html = renderToStaticMarkup(<ContextMeter usage={{ promptTokenCount: 12_345, tokenLimit: 1_048_576, model: 'gemini-2.5-flash' }} />);
    expect(html).toContain('role="meter"');
    expect(html).toContain('aria-label="Context used"');
    expect(html).toContain('aria-valuenow="12345"');
    expect(html).toContain('aria-valuemax="1048576"');
    expect(html).toContain('Context 12k / 1M tokens');
    expect(renderToStaticMarkup(<ContextMeter usage={null} />)).toBe('');
  });
});

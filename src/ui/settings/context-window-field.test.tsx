import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../store/types';
import { ContextWindowField, contextWindowProblem } from './context-window-field';
import { settingsToSave } from './settings-dialog';

describe("Settings' context window of an unknown model", () => {
  it('is empty or a whole number of tokens in range', () => {
    expect(contextWindowProblem(undefined)).toBeNull();
    expect(contextWindowProblem(8192)).toBeNull();
    expect(contextWindowProblem(81.5)).toMatch(/whole number/);
    expect(contextWindowProblem(100)).toMatch(/between 1,024 and/);
    expect(contextWindowProblem(Number.NaN)).toMatch(/whole number/);
  });

  it('is saved, and an emptied field removes the stored value', () => {
    const previous = { ...DEFAULT_SETTINGS, unknownModelContextWindow: 8192 };
    expect(settingsToSave({ ...previous, unknownModelContextWindow: 16_384 }, previous).unknownModelContextWindow).toBe(16_384);
    const emptied = settingsToSave({ ...DEFAULT_SETTINGS }, previous);
    expect('unknownModelContextWindow' in emptied && emptied.unknownModelContextWindow === undefined).toBe(true);
  });

  it('is a number field labelled for what it is, with an alert when invalid', () => {
    const html = renderToStaticMarkup(<ContextWindowField value={100} onChange={() => undefined} />);
    expect(html).toContain('type="number"');
    expect(html).toContain('aria-label="Context window of an unknown model (tokens)"');
    expect(html).toContain('role="alert"');
  });
});

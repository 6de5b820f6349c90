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

  it('an emptied key or token is removed when the change is applied over the settings in memory', () => {
    // Regression: an emptied field was left out of the change, so the old key stayed in use (and stored, if remembered).
    const previous = { ...DEFAULT_SETTINGS, rememberKey: true, apiKey: 'old-gemini', openaiApiKey: 'old-openai', githubToken: 'old-github' };
    const applied = { ...previous, ...settingsToSave({ ...previous, apiKey: '', openaiApiKey: ' ', githubToken: '' }, previous) };
    expect([applied.apiKey, applied.openaiApiKey, applied.githubToken]).toEqual([undefined, undefined, undefined]);
    const kept = { ...previous, ...settingsToSave({ ...previous, githubToken: ' new-github\n' }, previous) };
    expect([kept.apiKey, kept.githubToken]).toEqual(['old-gemini', 'new-github']);
  });

  it('is a number field labelled for what it is, with an alert when invalid', () => {
    const html = renderToStaticMarkup(<ContextWindowField value={100} onChange={() => undefined} />);
    expect(html).toContain('type="number"');
    expect(html).toContain('aria-label="Context window of an unknown model (tokens)"');
    expect(html).toContain('role="alert"');
  });
});

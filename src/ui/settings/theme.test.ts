import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyThemeChoice, cachedThemeChoice, monacoThemeOf, resolveTheme, themeChoiceOf } from './theme';

/** A prefers-color-scheme: light query whose answer the test changes. */
function fakeOs(prefersLight: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const media = {
    matches: prefersLight,
    addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
    change(light: boolean) {
      media.matches = light;
      listeners.forEach((listener) => listener({ matches: light }));
    },
    listeners,
  };
  return media as typeof media & MediaQueryList;
}

describe('choosing the theme', () => {
  it('System follows the OS, dark when the OS does not ask for light', () => {
    expect(resolveTheme('system', true)).toBe('light');
    expect(resolveTheme('system', false)).toBe('dark');
  });

  it('Dark and Light ignore the OS', () => {
    expect(resolveTheme('light', false)).toBe('light');
    expect(resolveTheme('dark', true)).toBe('dark');
  });

  it('reads an unknown or missing stored value as System', () => {
    expect(themeChoiceOf(undefined)).toBe('system');
    expect(themeChoiceOf('sepia')).toBe('system');
    expect(themeChoiceOf('light')).toBe('light');
  });

  it('gives Monaco our light theme for light and our dark theme for dark', () => {
    expect(monacoThemeOf('light')).toBe('loopscope-light');
    expect(monacoThemeOf('dark')).toBe('loopscope-dark');
  });
});

describe('applying the theme to the page', () => {
  let html: { dataset: Record<string, string> };
  let cache: Map<string, string>;
  beforeEach(() => {
    html = { dataset: {} };
    cache = new Map();
    vi.stubGlobal('document', { documentElement: html });
    vi.stubGlobal('localStorage', { getItem: (key: string) => cache.get(key) ?? null, setItem: (key: string, value: string) => cache.set(key, value) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sets data-theme on <html> and caches the choice for the next load', () => {
    applyThemeChoice('light', fakeOs(false));
    expect(html.dataset.theme).toBe('light');
    expect(cachedThemeChoice()).toBe('light');
  });

  it('System changes live when the OS changes, until it is let go', () => {
    const os = fakeOs(false);
    const stop = applyThemeChoice('system', os);
    expect(html.dataset.theme).toBe('dark');
    os.change(true);
    expect(html.dataset.theme).toBe('light');
    stop();
    os.change(false);
    expect(html.dataset.theme).toBe('light');
  });

  it('a fixed choice does not listen to the OS', () => {
    const os = fakeOs(true);
    applyThemeChoice('dark', os);
    expect(os.listeners.size).toBe(0);
    os.change(false);
    expect(html.dataset.theme).toBe('dark');
  });

  it('without storage the cached choice is System', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    expect(() => applyThemeChoice('light', fakeOs(false))).not.toThrow();
    expect(cachedThemeChoice()).toBe('system');
  });
});

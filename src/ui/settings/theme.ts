/**
 * The page's theme: the person's choice (Settings → Theme: System, Dark or Light) resolved
 * against the OS's `prefers-color-scheme`, set as `data-theme` on <html> (styles.css holds
 * both palettes) and shared with Monaco and xterm through `useThemeName`. System follows the
 * OS live. The choice is also kept in localStorage so the next load sets it before the stored
 * settings are read (IndexedDB comes later); without it the CSS follows the OS on its own.
 */
import { useSyncExternalStore } from 'react';
import type { SettingsRecord } from '../../store/types';

export type ThemeChoice = SettingsRecord['theme'];
export type ThemeName = 'dark' | 'light';

export const THEME_CHOICES: ReadonlyArray<{ value: ThemeChoice; label: string }> = [
  { value: 'system', label: 'System' },
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
];

const CACHE_KEY = 'loopscope-theme';
const LIGHT_QUERY = '(prefers-color-scheme: light)';

/** A stored or cached value; anything unknown (an older record, a typo) is System. */
export function themeChoiceOf(value: unknown): ThemeChoice {
  return value === 'dark' || value === 'light' ? value : 'system';
}

/** System follows the OS; dark unless the OS asks for light (the app's look before themes). */
export function resolveTheme(choice: ThemeChoice, osPrefersLight: boolean): ThemeName {
  if (choice !== 'system') return choice;
  return osPrefersLight ? 'light' : 'dark';
}

/** Monaco's themes of ours (monaco-themes.ts: vs and vs-dark with colours that meet WCAG AA). */
export type MonacoThemeName = 'loopscope-light' | 'loopscope-dark';

export function monacoThemeOf(name: ThemeName): MonacoThemeName {
  return name === 'light' ? 'loopscope-light' : 'loopscope-dark';
}

/** xterm's colours, matching styles.css's --bg and --text. */
export function terminalThemeOf(name: ThemeName): { background: string; foreground: string; cursor: string; selectionBackground: string } {
  return name === 'light'
    ? { background: '#ffffff', foreground: '#1f2328', cursor: '#1f2328', selectionBackground: '#b6d4fe' }
    : { background: '#15171c', foreground: '#e3e6ec', cursor: '#e3e6ec', selectionBackground: '#3a4a66' };
}

type MediaSource = Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>;

let current: ThemeName = 'dark';
const listeners = new Set<() => void>();

function setCurrent(name: ThemeName): void {
  document.documentElement.dataset.theme = name;
  if (name === current) return;
  current = name;
  listeners.forEach((listener) => listener());
}

function osQuery(): MediaSource | null {
  return typeof matchMedia === 'function' ? matchMedia(LIGHT_QUERY) : null;
}

/** The choice cached for the next load; System when none (or storage is unavailable). */
export function cachedThemeChoice(): ThemeChoice {
  try {
    return themeChoiceOf(localStorage.getItem(CACHE_KEY));
  } catch {
    return 'system';
  }
}

/**
 * Applies a choice to the page now and, for System, on every OS change until the returned
 * function is called. Caches the choice for the next load.
 */
export function applyThemeChoice(choice: ThemeChoice, media: MediaSource | null = osQuery()): () => void {
  try {
    localStorage.setItem(CACHE_KEY, choice);
  } catch {
    // Private mode or storage off: the next load follows the OS until the settings are read.
  }
  setCurrent(resolveTheme(choice, media?.matches ?? false));
  if (choice !== 'system' || !media) return () => {};
  const follow = (event: { matches: boolean }) => setCurrent(resolveTheme('system', event.matches));
  media.addEventListener('change', follow);
  return () => media.removeEventListener('change', follow);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The theme now on the page (for Monaco and xterm). */
export function useThemeName(): ThemeName {
  return useSyncExternalStore(subscribe, () => current);
}

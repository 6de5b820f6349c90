/**
 * Settings repository: one row under the key 'settings', written by the UI thread.
 * The API key is stored only when rememberKey is true (reliability rule 9); otherwise
 * put() strips it and the UI holds the key in memory.
 */
import type { Result } from '../shared/errors';
import type { LoopscopeDb } from './db';
import { attempt } from './errors';
import { normalizeSettings, querySettings } from './queries';
import { SETTINGS_KEY } from './schema';
import { DEFAULT_SETTINGS } from './types';
import type { SettingsRecord, StoreError } from './types';

/** Stored settings merged over DEFAULT_SETTINGS. */
export function getSettings(db: LoopscopeDb): Promise<Result<SettingsRecord, StoreError>> {
  return attempt(() => querySettings(db));
}

/**
 * Merges `changes` into the stored settings and returns what was stored. A key set to
 * undefined is removed (a required one falls back to its default).
 */
export function putSettings(
  db: LoopscopeDb,
  changes: Partial<SettingsRecord>,
): Promise<Result<SettingsRecord, StoreError>> {
  return attempt(() =>
    db.transaction('rw', db.settings, async () => {
      const merged: Record<string, unknown> = { ...(await querySettings(db)) };
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) delete merged[key];
        else merged[key] = value;
      }
      const next = normalizeSettings({ ...DEFAULT_SETTINGS, ...(merged as Partial<SettingsRecord>) });
      await db.settings.put(next, SETTINGS_KEY);
      return next;
    }),
  );
}

/**
 * What the page saves when the person changes a setting: every choice in `next`, the key only
 * when remembered (otherwise erased), and never lastSessionId: the page's copy is the one read
 * at startup, while the open session's id is saved as sessions open (main.tsx), so saving it
 * here would send a reload back to the session that was open when the page loaded.
 */
export function settingsChanges(next: SettingsRecord): Partial<SettingsRecord> {
  const { lastSessionId: _readAtStartup, ...choices } = next;
  return next.rememberKey ? choices : { ...choices, apiKey: undefined };
}

/**
 * The person's settings on the UI thread: null until the stored ones are read (the page does
 * not wait for IndexedDB to show the prompt), then changed only through `apply`, which takes
 * effect at once, tells the worker, and saves in order, each change on top of the latest
 * (not of a render's snapshot), so a quick second change never undoes the first.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SettingsRecord } from '../../store/types';

export interface SettingsState {
  /** null while the stored settings are being read. */
  settings: SettingsRecord | null;
  /**
   * Applies at once; resolves when the change is stored (or its failure reported). Ignored
   * before the settings are read (the controls that call it are disabled until then).
   */
  apply(patch: Partial<SettingsRecord>): Promise<void>;
}

export function useSettingsState(
  stored: Promise<SettingsRecord>,
  persist: (settings: SettingsRecord) => Promise<void>,
  announce: (settings: SettingsRecord) => void,
): SettingsState {
  const [settings, setSettings] = useState<SettingsRecord | null>(null);
  const latest = useRef<SettingsRecord | null>(null);
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    let current = true;
    void stored.then((loaded) => {
      if (!current || latest.current) return;
      latest.current = loaded;
      setSettings(loaded);
    });
    return () => {
      current = false;
    };
  }, [stored]);

  const apply = useCallback(
    (patch: Partial<SettingsRecord>) => {
      if (!latest.current) return Promise.resolve();
      const next = { ...latest.current, ...patch };
      latest.current = next;
      setSettings(next);
      announce(next);
      const saved = saving.current.then(() => persist(next));
      saving.current = saved;
      return saved;
    },
    [persist, announce],
  );
  return { settings, apply };
}

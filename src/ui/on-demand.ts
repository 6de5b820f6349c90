/**
 * Code that loads the first time it is needed, so its chunk stays out of the first load (the
 * shell's dialogs, the file and editor panes). A failed load (offline before the service
 * worker holds the build, a deploy that replaced the chunk) is reported to the caller, never
 * thrown into React (React.lazy would keep the failure for good and unmount the page), and
 * forgotten, so a browser that fetches a failed module again gets its next try. Chromium keeps
 * a failed dynamic import for the page's life, so the words offer a reload (DownloadFailed in
 * error-boundary.tsx): everything is in IndexedDB, and a reload resumes a run (reliability.md).
 */
import { useEffect, useState } from 'react';

export interface OnDemand<T> {
  /** Loads once; callers while it loads share the one load. */
  load(): Promise<T>;
  /** The loaded value, or null before the load succeeds. */
  loaded(): T | null;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let pending: Promise<T> | null = null;
  let value: { current: T } | null = null;
  return {
    load() {
      pending ??= importer().then(
        (loaded) => {
          value = { current: loaded };
          return loaded;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => (value ? value.current : null),
  };
}

/**
 * Whether an error is a module that could not be downloaded (Chromium, Firefox and Safari
 * word it differently; Vite's preload says so for a stylesheet), rather than a bug.
 */
export function isLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload/i.test(message);
}

/** Why a load failed, in words for the person. */
export function loadFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `${message || 'the download failed'}. Everything is saved: reload the page to try again`;
}

export interface OnDemandState<T> {
  value: T | null;
  /** The load's failure (say it with loadFailure), or null. */
  failure: { error: unknown } | null;
}

/** Loads `module` once `wanted` holds; a failure is state, not a thrown error. */
export function useOnDemand<T>(module: OnDemand<T>, wanted: boolean): OnDemandState<T> {
  const [value, setValue] = useState<T | null>(() => module.loaded());
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!wanted || value !== null) return;
    let alive = true;
    module.load().then(
      (loaded) => alive && setValue(() => loaded),
      (error: unknown) => alive && setFailure({ error }),
    );
    return () => {
      alive = false;
    };
  }, [module, wanted, value]);
  return { value, failure };
}

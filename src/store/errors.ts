/**
 * IndexedDB failures become StoreError values here, so callers branch on `kind` and
 * nothing storage-related reaches the agent or UI as a thrown exception.
 */
import { err, messageOf, ok } from '../shared/errors';
import type { Result } from '../shared/errors';
import type { StoreError } from './types';

export const STORAGE_FULL_MESSAGE =
  "Browser storage is full. To continue, free space (delete old sessions or other sites' data) and try again; nothing already saved was lost.";

export const CLOSED_MESSAGE =
  'Storage was closed, probably because Loopscope was updated in another tab. Reload this tab; nothing already saved was lost.';

export const OPEN_FAILED_MESSAGE =
  "Loopscope's stored data could not be opened (its upgrade to this version failed); nothing stored was changed or lost. Reloading tries again; if it keeps failing, please report the detail below.";

const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);

/**
 * A full disk arrives as Dexie's AbortError whose `inner` is a QuotaExceededError
 * (measured in Chromium), as a bare QuotaExceededError, or inside a BulkError's failures.
 */
export function isQuotaError(thrown: unknown, depth = 0): boolean {
  if (!thrown || typeof thrown !== 'object' || depth > 4) return false;
  const { name, inner, failures } = thrown as { name?: unknown; inner?: unknown; failures?: unknown };
  if (typeof name === 'string' && QUOTA_NAMES.has(name)) return true;
  if (isQuotaError(inner, depth + 1)) return true;
  if (Array.isArray(failures)) return failures.some((failure) => isQuotaError(failure, depth + 1));
  return false;
}

function nameOf(thrown: unknown): string | undefined {
  if (!thrown || typeof thrown !== 'object' || !('name' in thrown)) return undefined;
  const { name } = thrown as { name: unknown };
  return typeof name === 'string' ? name : undefined;
}

export function toStoreError(thrown: unknown): StoreError {
  const message = messageOf(thrown);
  if (isQuotaError(thrown)) return { kind: 'storage-full', message: STORAGE_FULL_MESSAGE, detail: message };
  if (nameOf(thrown) === 'DatabaseClosedError') {
    // Closed because opening failed (a schema upgrade threw: its error is inside), or because
    // another tab's upgrade closed it (inside is the close itself).
    const inner = (thrown as { inner?: unknown }).inner;
    if (inner && nameOf(inner) !== 'DatabaseClosedError') return { kind: 'open-failed', message: `${OPEN_FAILED_MESSAGE} (${messageOf(inner)})`, detail: message };
    return { kind: 'closed', message: CLOSED_MESSAGE, detail: message };
  }
  return { kind: 'storage', message };
}

/** Runs one store operation and turns any failure into a StoreError value. */
export async function attempt<T>(operation: () => PromiseLike<T>): Promise<Result<T, StoreError>> {
  try {
    return ok(await operation());
  } catch (thrown) {
    return err(toStoreError(thrown));
  }
}

export function notFound(what: string): StoreError {
  return { kind: 'not-found', message: `${what} does not exist (it may have been deleted in another tab).` };
}

/**
 * Errors are values at boundaries (STYLE.md §8): plain `{kind, message}` objects that
 * survive `postMessage` and structured clone. Throw only for programming bugs.
 */
import type { AppErrorKind } from './error-kinds';

/** `Kind`: one of the union of every error kind (error-kinds.ts), or an area's narrower set of them. */
export interface AppError<Kind extends AppErrorKind = AppErrorKind> {
  kind: Kind;
  message: string;
  /** Optional detail for the person (never the API key). */
  detail?: string;
}

export type Result<T, E = AppError> = { ok: true; value: T } | { ok: false; error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}

/** Message of anything thrown, for turning a caught value into data. */
export function messageOf(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message;
  if (typeof thrown === 'string') return thrown;
  if (thrown && typeof thrown === 'object' && 'message' in thrown) {
    const message = (thrown as { message: unknown }).message;
    if (typeof message === 'string') return message;
  }
  try {
    return JSON.stringify(thrown) ?? String(thrown); // undefined and functions have no JSON
  } catch {
    return String(thrown);
  }
}

export function isAbortError(thrown: unknown): boolean {
  return (
    !!thrown &&
    typeof thrown === 'object' &&
    'name' in thrown &&
    (thrown as { name: unknown }).name === 'AbortError'
  );
}

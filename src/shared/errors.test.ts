/**
 * Error kinds are one union the compiler checks (error-kinds.ts). The `@ts-expect-error` lines
 * are the test: were `AppError`'s kind loosened back to any string, they would no longer be
 * errors, and the typecheck (`tsc -p tsconfig.json`, which covers test files) would fail on them.
 */
import { describe, expect, it } from 'vitest';
import { APP_ERROR_KINDS, isAppErrorKind } from './error-kinds';
import type { AppErrorKind } from './error-kinds';
import { err } from './errors';
import type { AppError, Result } from './errors';

describe('error kinds', () => {
  it('are checked by the compiler: an unknown kind does not compile where an error is made or compared', () => {
    const made: AppError = {
      // @ts-expect-error 'no-such-kind' is not an AppErrorKind
      kind: 'no-such-kind',
      message: 'never',
    };
    const refused = (): Result<void> =>
      // @ts-expect-error a misspelt kind ('no-sesion') in err(...)
      err({ kind: 'no-sesion', message: 'No session is open yet.' });
    // @ts-expect-error a set of kinds the page branches on names only kinds of the union
    const branchedOn: ReadonlySet<AppErrorKind> = new Set(['pruned', 'files-unknwon']);
    const known: AppError = { kind: 'busy', message: 'The agent is working.' };
    // @ts-expect-error a comparison with a kind that cannot occur
    const never = known.kind === 'bussy';
    expect([made.kind, refused().ok, branchedOn.size, never]).toEqual(['no-such-kind', false, 2, false]);
  });

  it('are known at run time too, each once, for kinds read from outside (a shared session)', () => {
    expect(new Set(APP_ERROR_KINDS).size).toBe(APP_ERROR_KINDS.length);
    expect(APP_ERROR_KINDS).toEqual(expect.arrayContaining(['busy', 'no-session', 'storage-full', 'invalid-url', 'unreachable', 'share-invalid', 'files-unknown']));
    expect(isAppErrorKind('session-elsewhere')).toBe(true);
    expect(isAppErrorKind('no-such-kind')).toBe(false);
    expect(isAppErrorKind('toString')).toBe(false); // not the object's inherited keys
    expect(isAppErrorKind('')).toBe(false);
  });
});

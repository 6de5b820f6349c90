/**
 * JSON from someone else: UTF-8 checked, nesting bounded before parsing (a deeply nested
 * document would otherwise overflow the parser's stack or every walk over it), and keys that
 * name object machinery (`__proto__`, `constructor`, `prototype`) refused, so no later
 * spread or merge can be steered by them.
 */
import type { Result } from '../shared/errors';
import { err, ok } from '../shared/errors';
import type { ShareError } from './check-document';

/** Deeper than any document Loopscope writes (tool arguments included). */
export const MAX_DEPTH = 64;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

class ForbiddenKey extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/** The deepest nesting of arrays and objects, or -1 once it passes `limit`; strings are skipped. */
export function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92 /* \ */) index++;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 91 /* [ */ || code === 123 /* { */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return -1;
      }
    } else if (code === 93 /* ] */ || code === 125 /* } */) depth--;
  }
  return deepest;
}

export function parseJsonGuarded(input: Uint8Array | string): Result<unknown, ShareError> {
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      return err({ kind: 'share-corrupt', message: 'This session was altered: its text is not valid UTF-8.' });
    }
  }
  if (nestingDepth(text, MAX_DEPTH) < 0) {
    return err({ kind: 'share-invalid', message: `This session is nested more than ${MAX_DEPTH} levels deep, which no Loopscope session is; it was not opened.` });
  }
  try {
    return ok(
      JSON.parse(text, (key, value: unknown) => {
        if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKey(key);
        return value;
      }),
    );
  } catch (thrown) {
    if (thrown instanceof ForbiddenKey) {
      return err({ kind: 'share-invalid', message: `This session carries the key "${thrown.key}", which no Loopscope session has; it was not opened.` });
    }
    return err({ kind: 'share-corrupt', message: 'This session is cut short or was altered: it is not valid JSON.' });
  }
}

/**
 * Preset deflate dictionaries for share links: what every session document repeats (the system
 * prompt, the tool declarations, the document's keys; written by scripts/share-dictionary.mjs).
 * A link names the dictionary it was packed with by zlib's DICTID (the dictionary's Adler-32),
 * so each one is frozen once links use it: a changed byte would make those links unreadable
 * (dictionary.test.ts pins them). New links use the newest; links without one still open.
 */
import v1 from './dictionaries/v1';

export interface ShareDictionary {
  id: number;
  bytes: Uint8Array;
}

export function adler32(bytes: Uint8Array, state = { a: 1, b: 0 }): { a: number; b: number; value: number } {
  let { a, b } = state;
  for (let index = 0; index < bytes.length; ) {
    const end = Math.min(bytes.length, index + 3800);
    for (; index < end; index++) {
      a += bytes[index]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  state.a = a;
  state.b = b;
  return { a, b, value: ((b << 16) | a) >>> 0 };
}

function dictionary(text: string): ShareDictionary {
  const bytes = new TextEncoder().encode(text);
  return { id: adler32(bytes).value, bytes };
}

/** Oldest first; the last one packs new links. */
export const SHARE_DICTIONARIES: readonly ShareDictionary[] = [dictionary(v1)];

export const CURRENT_DICTIONARY = SHARE_DICTIONARIES.at(-1)!;

export function dictionaryById(id: number): ShareDictionary | undefined {
  return SHARE_DICTIONARIES.find((entry) => entry.id === id);
}

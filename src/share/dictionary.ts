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

/** A running Adler-32, zlib's checksum (of a link's bytes, and a dictionary's id). */
export function adler32(): { update(bytes: Uint8Array): void; value(): number } {
  let a = 1;
  let b = 0;
  return {
    update(bytes) {
      for (let index = 0; index < bytes.length; ) {
        const end = Math.min(bytes.length, index + 3800);
        for (; index < end; index++) {
          a += bytes[index]!;
          b += a;
        }
        a %= 65521;
        b %= 65521;
      }
    },
    value: () => ((b << 16) | a) >>> 0,
  };
}

function dictionary(text: string): ShareDictionary {
  const bytes = new TextEncoder().encode(text);
  const sum = adler32();
  sum.update(bytes);
  return { id: sum.value(), bytes };
}

/** Oldest first; the last one packs new links. */
export const SHARE_DICTIONARIES: readonly ShareDictionary[] = [dictionary(v1)];

export const CURRENT_DICTIONARY = SHARE_DICTIONARIES.at(-1)!;

export function dictionaryById(id: number): ShareDictionary | undefined {
  return SHARE_DICTIONARIES.find((entry) => entry.id === id);
}

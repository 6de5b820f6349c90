/**
 * A cheap, deterministic token estimate for history (no tokenizer in the browser kernel):
 * about one token per four characters of the JSON the provider would receive. Inline media
 * is not text, and its base64 would dwarf everything else, so each inline blob counts as a
 * fixed, small cost instead (Gemini bills a typical image at 258 tokens).
 */
import type { Content } from '../../shared/content';

export const CHARS_PER_TOKEN = 4;
export const INLINE_DATA_TOKENS = 258;

interface Measure {
  characters: number;
  inlineBlobs: number;
}

/**
 * Per Content, computed once: history Contents are never changed in place (a change makes a
 * new Content), and the estimate runs before every request over the whole history.
 */
const measured = new WeakMap<Content, Measure>();

function measure(content: Content): Measure {
  const known = measured.get(content);
  if (known) return known;
  let inlineBlobs = 0;
  const json = JSON.stringify(content, (key: string, value: unknown) => {
    // The entry's id is ours: no model is sent it.
    if (key === 'entryId' && value === content.entryId) return undefined;
    if (key !== 'inlineData' || value === null || typeof value !== 'object') return value;
    inlineBlobs += 1;
    // Keep the mime type (a few characters), drop the payload.
    return { mimeType: (value as { mimeType?: unknown }).mimeType };
  });
  const result = { characters: json.length, inlineBlobs };
  measured.set(content, result);
  return result;
}

/** The estimate of `JSON.stringify(contents)`: the Contents, their commas and the brackets. */
export function estimateTokens(contents: readonly Content[]): number {
  let characters = 2 + Math.max(0, contents.length - 1);
  let inlineBlobs = 0;
  for (const content of contents) {
    const each = measure(content);
    characters += each.characters;
    inlineBlobs += each.inlineBlobs;
  }
  return Math.ceil(characters / CHARS_PER_TOKEN) + inlineBlobs * INLINE_DATA_TOKENS;
}

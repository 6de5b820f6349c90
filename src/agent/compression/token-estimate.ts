/**
 * A cheap, deterministic token estimate for history (no tokenizer in the browser kernel):
 * about one token per four characters of the JSON the provider would receive. Inline media
 * is not text, and its base64 would dwarf everything else, so each inline blob counts as a
 * fixed, small cost instead (Gemini bills a typical image at 258 tokens).
 */
import type { Content } from '../../shared/content';

export const CHARS_PER_TOKEN = 4;
export const INLINE_DATA_TOKENS = 258;

export function estimateTokens(contents: readonly Content[]): number {
  let inlineBlobs = 0;
  const json = JSON.stringify(contents, (key: string, value: unknown) => {
    if (key !== 'inlineData' || value === null || typeof value !== 'object') return value;
    inlineBlobs += 1;
    // Keep the mime type (a few characters), drop the payload.
    return { mimeType: (value as { mimeType?: unknown }).mimeType };
  });
  return Math.ceil(json.length / CHARS_PER_TOKEN) + inlineBlobs * INLINE_DATA_TOKENS;
}

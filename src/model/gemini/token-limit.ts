/** The model the app offers first: fast, cheap, 1M-token window, thinking summaries. */
export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash';

const ONE_MILLION = 1_048_576;

/**
 * Context window in tokens (input limit). Gemini 1.5 Pro has 2M, every other Gemini model
 * from 1.5 on has 1M; Gemma has 128K. An unknown name (a proxy's model) gets the smaller
 * window, so compression starts early instead of the provider answering "too long".
 */
export function geminiTokenLimit(model: string): number {
  const name = model.replace(/^models\//, '').toLowerCase();
  if (name.startsWith('gemini-1.5-pro')) return 2_097_152;
  if (name.startsWith('gemini-')) return ONE_MILLION;
  if (name.startsWith('gemma-')) return 131_072;
  return 131_072;
}

/**
 * Whether the model thinks and can return thought summaries (`includeThoughts`).
 * Gemini 2.5 and later do; image, speech and live variants reject a thinking config.
 */
export function supportsThoughts(model: string): boolean {
  const name = model.replace(/^models\//, '').toLowerCase();
  if (/(image|tts|live|audio|embedding)/.test(name)) return false;
  return /^gemini-(2\.5|[3-9])/.test(name);
}

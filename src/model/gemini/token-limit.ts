/** The model the app offers first: fast, cheap, 1M-token window, thinking summaries. */
export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash';

const ONE_MILLION = 1_048_576;

/**
 * The window of a model neither the models endpoint nor the table knows (a proxy's model), unless
 * Settings gives one: the smaller window makes compression start early instead of the provider
 * answering "too long".
 */
export const DEFAULT_GEMINI_TOKEN_LIMIT = 131_072;

/**
 * Context window in tokens (input limit) of the models this table knows, else undefined.
 * Gemini 1.5 Pro has 2M, every other Gemini model from 1.5 on has 1M; Gemma has 128K. The
 * models endpoint's `inputTokenLimit` is preferred where it answered (gemini-model.ts).
 */
export function knownGeminiTokenLimit(model: string): number | undefined {
  const name = model.replace(/^models\//, '').toLowerCase();
  if (name.startsWith('gemini-1.5-pro')) return 2_097_152;
  if (name.startsWith('gemini-')) return ONE_MILLION;
  if (name.startsWith('gemma-')) return 131_072;
  return undefined;
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

/** What a model call cost in tokens, read from the raw response chunks a round-trip recorded. */

export interface Tokens {
  prompt?: number;
  candidates?: number;
  total?: number;
  thoughts?: number;
  /** Of `prompt`, the tokens the provider served from its cache (Gemini's `cachedContentTokenCount`, OpenAI's `prompt_tokens_details.cached_tokens`). */
  cached?: number;
}

function numberAt(object: Record<string, unknown>, key: string): number | undefined {
  const value = object[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function openAiCached(usage: Record<string, unknown>): number | undefined {
  const details = usage['prompt_tokens_details'];
  return details && typeof details === 'object' ? numberAt(details as Record<string, unknown>, 'cached_tokens') : undefined;
}

function definedOnly(tokens: Tokens): Tokens | null {
  const kept = Object.fromEntries(Object.entries(tokens).filter(([, value]) => value !== undefined)) as Tokens;
  return Object.keys(kept).length > 0 ? kept : null;
}

/**
 * The tokens of a round-trip's response (its raw chunks), from the last chunk that reports usage: Gemini's (and the
 * scripted demo's) `usageMetadata`, an OpenAI-compatible server's `usage`, or the adapter's own.
 */
export function tokensOf(response: readonly unknown[]): Tokens | null {
  for (let index = response.length - 1; index >= 0; index--) {
    const chunk = response[index];
    if (!chunk || typeof chunk !== 'object') continue;
    const { usageMetadata, usage } = chunk as { usageMetadata?: unknown; usage?: unknown };
    const gemini = (usageMetadata ?? usage) as Record<string, unknown> | undefined;
    if (!gemini || typeof gemini !== 'object') continue;
    const found =
      definedOnly({
        prompt: numberAt(gemini, 'promptTokenCount'),
        candidates: numberAt(gemini, 'candidatesTokenCount'),
        total: numberAt(gemini, 'totalTokenCount'),
        thoughts: numberAt(gemini, 'thoughtsTokenCount'),
        cached: numberAt(gemini, 'cachedContentTokenCount'),
      }) ??
      definedOnly({
        prompt: numberAt(gemini, 'prompt_tokens'),
        candidates: numberAt(gemini, 'completion_tokens'),
        total: numberAt(gemini, 'total_tokens'),
        cached: openAiCached(gemini),
      });
    if (found) return found;
  }
  return null;
}

/**
 * What a model round-trip cost: its reported tokens (response-usage.ts) at its model's price
 * (model-prices.ts), and how much of its request is the fixed prefix every request repeats
 * (the system instruction and the tool declarations).
 *
 * Gemini counts thinking apart from the answer (`thoughtsTokenCount`) and bills it as output;
 * an OpenAI-compatible server's `completion_tokens` already includes any reasoning. Tokens the
 * provider says it served from its cache are counted at the cached price where the model has one.
 */
import type { ModelPrice } from './model-prices';
import type { Tokens } from './response-usage';

export interface Cost {
  /** US dollars. */
  input: number;
  output: number;
  total: number;
  inputTokens: number;
  /** Of inputTokens, served from the provider's cache. */
  cachedTokens: number;
  /** The answer's tokens and the thinking's. */
  outputTokens: number;
}

const PER = 1_000_000;

/** The cost of `tokens` at `price`; null when the response reported no tokens. */
export function costOf(tokens: Tokens | null, price: ModelPrice): Cost | null {
  if (!tokens || (tokens.prompt === undefined && tokens.candidates === undefined)) return null;
  const inputTokens = Math.max(0, tokens.prompt ?? 0);
  const cachedTokens = Math.min(inputTokens, Math.max(0, tokens.cached ?? 0));
  const outputTokens = Math.max(0, tokens.candidates ?? 0) + Math.max(0, tokens.thoughts ?? 0);
  const input = ((inputTokens - cachedTokens) * price.input + cachedTokens * (price.cachedInput ?? price.input)) / PER;
  const output = (outputTokens * price.output) / PER;
  return { input, output, total: input + output, inputTokens, cachedTokens, outputTokens };
}

/** Costs added up (an interaction's, a session's); zero of each for none. */
export function sumCosts(costs: Iterable<Cost>): Cost {
  const sum: Cost = { input: 0, output: 0, total: 0, inputTokens: 0, cachedTokens: 0, outputTokens: 0 };
  for (const cost of costs) {
    sum.input += cost.input;
    sum.output += cost.output;
    sum.total += cost.total;
    sum.inputTokens += cost.inputTokens;
    sum.cachedTokens += cost.cachedTokens;
    sum.outputTokens += cost.outputTokens;
  }
  return sum;
}

/** Characters per token of the estimate: the one compression and the scripted demo use (agent/compression/token-estimate.ts). */
const CHARS_PER_TOKEN = 4;

/**
 * An estimate of the tokens of a request's fixed prefix, its system instruction and tool
 * declarations, which every request of a session repeats: a quarter of their JSON's length
 * (no tokenizer runs in the browser), 0 when the request has neither.
 */
export function fixedPrefixTokens(request: { systemInstruction?: string | undefined; tools?: readonly unknown[] | undefined }): number {
  const instruction = request.systemInstruction ? JSON.stringify(request.systemInstruction).length : 0;
  const tools = request.tools && request.tools.length > 0 ? JSON.stringify(request.tools).length : 0;
  return Math.ceil((instruction + tools) / CHARS_PER_TOKEN);
}

/** Dollars as the inspector shows them: cents from a dollar up, else three significant digits (`$0.000471`). */
export function formatUsd(dollars: number): string {
  if (dollars === 0) return '$0';
  if (dollars >= 1) return `$${dollars.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return `$${dollars.toLocaleString('en', { maximumSignificantDigits: 3 })}`;
}

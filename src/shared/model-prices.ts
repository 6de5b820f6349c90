/**
 * What a model's tokens cost, in US dollars per million tokens, keyed by model name (the name a
 * request asks for, `gemini-2.5-flash`). Settings → Model edits them for any model; a session
 * opened from a link or a session file brings the prices its sender used (SessionRecord.prices).
 *
 * The defaults are Google's list prices for the Gemini API, Standard (paid) tier, for text, image
 * and video input and prompts up to 200k tokens, from https://ai.google.dev/gemini-api/docs/pricing
 * as it was quoted in 2025–2026 (written down in December 2026, not fetched by the app). Not modelled: the higher rate of the Pro models for prompts over
 * 200k tokens, audio input, batch and priority tiers, cache storage per hour, and the free tier.
 * Output includes thinking tokens (Gemini bills them as output). Prices change: edit them in
 * Settings, where the defaults are only the starting values.
 */

export interface ModelPrice {
  /** Per million prompt tokens. */
  input: number;
  /** Per million output tokens (thinking included). */
  output: number;
  /** Per million prompt tokens the provider served from its cache, when it says so; absent: priced as input. */
  cachedInput?: number;
}

export type ModelPrices = Record<string, ModelPrice>;

/** Where a session's round-trips are priced from: the prices it came with (a link's), then the person's; then the defaults. */
export interface PriceTables {
  /** The prices a shared session came with (SessionRecord.prices). */
  recorded?: Readonly<ModelPrices> | undefined;
  /** The person's (Settings → Model). */
  own?: Readonly<ModelPrices> | undefined;
}

/** Gemini API list prices (see the header for what they cover and when). */
export const DEFAULT_MODEL_PRICES: Readonly<ModelPrices> = Object.freeze({
  'gemini-3-pro-preview': { input: 2, output: 12, cachedInput: 0.2 },
  'gemini-3-flash-preview': { input: 0.5, output: 3, cachedInput: 0.05 },
  'gemini-2.5-pro': { input: 1.25, output: 10, cachedInput: 0.125 },
  'gemini-2.5-flash': { input: 0.3, output: 2.5, cachedInput: 0.03 },
  'gemini-2.5-flash-lite': { input: 0.1, output: 0.4, cachedInput: 0.01 },
  'gemini-2.0-flash': { input: 0.1, output: 0.4, cachedInput: 0.025 },
  'gemini-2.0-flash-lite': { input: 0.075, output: 0.3 },
});

/** Where the defaults come from, as the Settings hint and the docs say it. */
export const DEFAULT_PRICES_SOURCE = 'Google’s Gemini API list prices (Standard tier, prompts up to 200k tokens) as quoted in 2025–2026';

/** The most a price may be (per million tokens): far above any list price, so a typo of a few digits is caught. */
export const MAX_PRICE_PER_MILLION = 10_000;
/** A link or a session file carries at most this many models' prices, each name at most this long. */
export const MAX_PRICED_MODELS = 64;
export const MAX_MODEL_NAME_CHARS = 200;

/** A model's name as a link or a session file may key a price by: `gemini-2.5-flash`, `qwen2.5-coder:7b`, `org/model`. */
export const PRICED_MODEL_NAME = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,${MAX_MODEL_NAME_CHARS - 1}}$`);

/** The name as the price tables know it: Gemini's API also accepts `models/<name>`. */
export function priceKeyOf(model: string): string {
  return model.trim().replace(/^models\//, '');
}

/** Why a price per million tokens cannot be used, or null when it can. */
export function pricePerMillionProblem(value: number): string | null {
  if (!Number.isFinite(value)) return 'is not a number';
  if (value < 0) return 'cannot be negative';
  if (value > MAX_PRICE_PER_MILLION) return `is over ${MAX_PRICE_PER_MILLION.toLocaleString('en')} dollars per million tokens`;
  return null;
}

/** A usable price, or null: every figure finite, not negative and at most MAX_PRICE_PER_MILLION. */
export function checkedPrice(value: unknown): ModelPrice | null {
  if (!value || typeof value !== 'object') return null;
  const { input, output, cachedInput } = value as Record<string, unknown>;
  const usable = (figure: unknown): figure is number => typeof figure === 'number' && pricePerMillionProblem(figure) === null;
  if (!usable(input) || !usable(output)) return null;
  if (cachedInput !== undefined && !usable(cachedInput)) return null;
  return cachedInput === undefined ? { input, output } : { input, output, cachedInput };
}

/**
 * The price a model's tokens are counted at: the first of `tables` that names it (a session's
 * recorded prices, then the person's), else the defaults; null when none knows the model.
 */
export function priceFor(model: string, ...tables: (Readonly<ModelPrices> | undefined)[]): ModelPrice | null {
  const key = priceKeyOf(model);
  for (const table of [...tables, DEFAULT_MODEL_PRICES]) {
    if (table && Object.hasOwn(table, key)) return checkedPrice(table[key]);
  }
  return null;
}

/**
 * The prices of `models` as `tables` give them (see priceFor), for a link or a trace: models
 * without one, or whose name a link cannot key a price by (the scripted demo's), are left out.
 */
export function pricesUsed(models: Iterable<string>, ...tables: (Readonly<ModelPrices> | undefined)[]): ModelPrices {
  const used: ModelPrices = {};
  for (const model of models) {
    const key = priceKeyOf(model);
    if (Object.hasOwn(used, key) || !PRICED_MODEL_NAME.test(key)) continue;
    const price = priceFor(key, ...tables);
    if (price) used[key] = price;
    if (Object.keys(used).length >= MAX_PRICED_MODELS) break;
  }
  return used;
}

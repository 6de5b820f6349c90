import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_PRICES, checkedPrice, priceFor, pricesUsed } from './model-prices';
import { costOf, fixedPrefixTokens, formatUsd, sumCosts } from './round-trip-cost';
import { tokensOf } from './response-usage';

describe('the cost of a round-trip', () => {
  it('is its prompt tokens at the input price and its answer and thinking tokens at the output price', () => {
    const tokens = tokensOf([{ usageMetadata: { promptTokenCount: 2000, candidatesTokenCount: 100, thoughtsTokenCount: 300, totalTokenCount: 2400 } }]);
    const cost = costOf(tokens, { input: 0.3, output: 2.5 });
    expect(cost).toMatchObject({ inputTokens: 2000, outputTokens: 400, cachedTokens: 0 });
    expect(cost!.input).toBeCloseTo(0.0006, 12);
    expect(cost!.output).toBeCloseTo(0.001, 12);
    expect(cost!.total).toBeCloseTo(0.0016, 12);
  });

  it('counts the tokens served from the cache at the cached price, or at the input price when the model has none', () => {
    const tokens = tokensOf([{ usageMetadata: { promptTokenCount: 11_500, cachedContentTokenCount: 10_000, candidatesTokenCount: 1000 } }]);
    expect(tokens).toEqual({ prompt: 11_500, cached: 10_000, candidates: 1000 });
    expect(costOf(tokens, { input: 1.25, output: 10, cachedInput: 0.125 })!.input).toBeCloseTo((1500 * 1.25 + 10_000 * 0.125) / 1e6, 12);
    expect(costOf(tokens, { input: 1.25, output: 10 })!.input).toBeCloseTo((11_500 * 1.25) / 1e6, 12);
  });

  it("reads an OpenAI-compatible server's usage, its cached prompt tokens included", () => {
    const tokens = tokensOf([{ choices: [] }, { usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120, prompt_tokens_details: { cached_tokens: 60 } } }]);
    expect(tokens).toEqual({ prompt: 100, candidates: 20, total: 120, cached: 60 });
    expect(costOf(tokens, { input: 1, output: 4, cachedInput: 0.5 })!.total).toBeCloseTo((40 * 1 + 60 * 0.5 + 20 * 4) / 1e6, 12);
  });

  it('is unknown when the response reported no tokens', () => {
    expect(costOf(null, { input: 1, output: 1 })).toBeNull();
    expect(costOf({ total: 5 }, { input: 1, output: 1 })).toBeNull();
  });

  it('matches the tokens for any counts and prices', () => {
    fc.assert(
      fc.property(
        fc.nat(2_000_000),
        fc.nat(2_000_000),
        fc.nat(100_000),
        fc.nat(100_000),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (prompt, cached, candidates, thoughts, input, output) => {
          const cost = costOf({ prompt, cached, candidates, thoughts }, { input, output })!;
          const served = Math.min(prompt, cached);
          expect(cost.cachedTokens).toBe(served);
          expect(cost.input).toBeCloseTo((prompt * input) / 1e6, 9);
          expect(cost.output).toBeCloseTo(((candidates + thoughts) * output) / 1e6, 9);
          expect(cost.total).toBeCloseTo(cost.input + cost.output, 12);
        },
      ),
    );
  });

  it('adds up over round-trips', () => {
    const one = costOf({ prompt: 1000, candidates: 10 }, { input: 1, output: 10 })!;
    const two = costOf({ prompt: 3000, candidates: 30 }, { input: 1, output: 10 })!;
    const sum = sumCosts([one, two]);
    expect(sum).toMatchObject({ inputTokens: 4000, outputTokens: 40 });
    expect(sum.total).toBeCloseTo(0.0044, 12);
    expect(sumCosts([]).total).toBe(0);
  });
});

describe('the fixed prefix of a request', () => {
  it('estimates the system instruction and tool declarations at four characters a token', () => {
    const tools = [{ name: 'read_file', description: 'Reads a file.', parametersJsonSchema: { type: 'object' } }];
    const expected = Math.ceil((JSON.stringify('You are a coding agent.').length + JSON.stringify(tools).length) / 4);
    expect(fixedPrefixTokens({ systemInstruction: 'You are a coding agent.', tools })).toBe(expected);
    expect(fixedPrefixTokens({})).toBe(0);
    expect(fixedPrefixTokens({ tools: [] })).toBe(0);
  });
});

describe('model prices', () => {
  it("are a session's recorded ones first, then the person's, then the built-in defaults", () => {
    const recorded = { 'gemini-2.5-flash': { input: 9, output: 9 } };
    const own = { 'gemini-2.5-flash': { input: 1, output: 2 }, 'my-local-model': { input: 0, output: 0 } };
    expect(priceFor('gemini-2.5-flash', recorded, own)).toEqual({ input: 9, output: 9 });
    expect(priceFor('gemini-2.5-flash', undefined, own)).toEqual({ input: 1, output: 2 });
    expect(priceFor('models/gemini-2.5-flash')).toEqual(DEFAULT_MODEL_PRICES['gemini-2.5-flash']);
    expect(priceFor('my-local-model', undefined, own)).toEqual({ input: 0, output: 0 });
    expect(priceFor('unheard-of')).toBeNull();
    // A name that is a property of every object is no model.
    expect(priceFor('constructor')).toBeNull();
  });

  it('are refused when negative, not numbers, or absurdly high', () => {
    expect(checkedPrice({ input: 1, output: 2, cachedInput: 0.1 })).toEqual({ input: 1, output: 2, cachedInput: 0.1 });
    expect(checkedPrice({ input: -1, output: 2 })).toBeNull();
    expect(checkedPrice({ input: Number.NaN, output: 2 })).toBeNull();
    expect(checkedPrice({ input: 1, output: 1e9 })).toBeNull();
    expect(checkedPrice({ input: 1 })).toBeNull();
    expect(checkedPrice('1')).toBeNull();
  });

  it('used by a session are those of its models that have one', () => {
    expect(pricesUsed(['gemini-2.5-pro', 'gemini-2.5-pro', 'Scripted demo'])).toEqual({ 'gemini-2.5-pro': DEFAULT_MODEL_PRICES['gemini-2.5-pro'] });
  });
});

describe('dollars', () => {
  it('show cents from a dollar up and three significant digits below', () => {
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(0.0016)).toBe('$0.0016');
    expect(formatUsd(0.000471234)).toBe('$0.000471');
    expect(formatUsd(0.1234)).toBe('$0.123');
    expect(formatUsd(12.345)).toBe('$12.35');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });
});

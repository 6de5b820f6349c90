import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_CONFIG, resolveConfig } from './config';
import { createHarness } from './testing/harness';

describe('agent configuration', () => {
  it('fills in the defaults of spec §3.0 for what is left out', () => {
    expect(resolveConfig(undefined)).toEqual(DEFAULT_AGENT_CONFIG);
    expect(resolveConfig({ maxConcurrency: 3, rateLimitRetries: undefined })).toEqual({ ...DEFAULT_AGENT_CONFIG, maxConcurrency: 3 });
  });

  it.each([
    ['maxConcurrency', Number.NaN, 'maxConcurrency must be a finite number (got NaN)'],
    ['maxConcurrency', 0, 'maxConcurrency must be at least 1 (got 0)'],
    ['maxTurns', Number.POSITIVE_INFINITY, 'maxTurns must be a finite number (got Infinity)'],
    ['transportRetries', -1, 'transportRetries must be at least 0 (got -1)'],
    ['rateLimitRetries', 2.5, 'rateLimitRetries must be a whole number (got 2.5)'],
    ['maxSessionTurns', -2, 'maxSessionTurns must be at least -1 (got -2)'],
    ['compressionThreshold', 0, 'compressionThreshold must be above 0 (got 0)'],
    ['maxConcurrency', '4', 'maxConcurrency must be a finite number (got 4)'],
    ['maxConcurency', 4, 'maxConcurency is not a setting of the agent loop (got 4)'],
  ])('refuses %s = %s with a message naming it', (key, value, message) => {
    expect(() => resolveConfig({ [key]: value } as never)).toThrow(new RangeError(`Invalid agent configuration: ${message}.`));
  });

  it('names every invalid setting at once', () => {
    expect(() => resolveConfig({ maxConcurrency: Number.NaN, transportRetries: -1 })).toThrow(
      /maxConcurrency must be a finite number \(got NaN\); transportRetries must be at least 0/,
    );
  });

  it('accepts the documented special values: no session limit, compression threshold above 1 (off), no explicit cap', () => {
    expect(resolveConfig({ maxSessionTurns: -1, compressionThreshold: 2, batchOutputBudgetBytes: 0, maxToolCallsPerTurn: 0 })).toMatchObject({
      maxSessionTurns: -1,
      compressionThreshold: 2,
      batchOutputBudgetBytes: 0,
      maxToolCallsPerTurn: 0,
    });
    expect(resolveConfig({ maxToolCallsPerTurn: -1 }).maxToolCallsPerTurn).toBe(-1);
  });

  it('an agent is never built on an invalid configuration (a NaN cap would remove the limit)', () => {
    expect(() => createHarness({ config: { maxConcurrency: Number.NaN } })).toThrow(RangeError);
  });
});

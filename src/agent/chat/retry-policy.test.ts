import { describe, expect, it } from 'vitest';
import type { ModelFailure } from '../../model/types';
import { DEFAULT_AGENT_CONFIG } from '../config';
import { budgetFor, failureError, maxRetries, retryDelayMs, TRANSPORT_CODES } from './retry-policy';

const transport = (code?: string): ModelFailure =>
  code === undefined ? { kind: 'transport', message: 'Failed to fetch' } : { kind: 'transport', code, message: code };

describe('B1–B7 retry policy', () => {
  it.each([...TRANSPORT_CODES])('B2 %s before any output is a transport retry', (code) => {
    expect(budgetFor(transport(code), false)).toBe('transport');
  });

  it.each(['EPIPE', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'econnreset'])('B2 %s is not on the whitelist: not retried', (code) => {
    expect(budgetFor(transport(code), false)).toBeNull();
  });

  it('B2 a transport failure without a code is not on the whitelist (adapters name the class)', () => {
    expect(budgetFor(transport(), false)).toBeNull();
  });

  it('B3 a transport error after visible output is not replayed', () => {
    expect(budgetFor(transport('ECONNRESET'), true)).toBeNull();
  });

  it.each<[ModelFailure['kind'], string | null]>([
    ['rate-limit', 'rate-limit'],
    ['server', 'server'],
    ['context-overflow', 'context-overflow'],
    ['bad-request', null],
    ['auth', null],
    ['aborted', null],
    ['unknown', null],
  ])('B7 a %s failure draws from %s', (kind, budget) => {
    expect(budgetFor({ kind, message: 'm' }, false)).toBe(budget);
  });

  it('B1 default budgets: rate limit 10, transport 2, invalid stream 4, one reactive compression', () => {
    const config = DEFAULT_AGENT_CONFIG;
    expect([maxRetries('rate-limit', config), maxRetries('transport', config), maxRetries('invalid-stream', config), maxRetries('context-overflow', config)]).toEqual([
      10, 2, 4, 1,
    ]);
  });

  it('B1 delays: Retry-After wins; else 5 s doubling capped at 30 s; transport 1 s·n; invalid stream doubling from 1 s', () => {
    const config = DEFAULT_AGENT_CONFIG;
    const limited: ModelFailure = { kind: 'rate-limit', message: 'm', retryAfterMs: 7000 };
    expect(retryDelayMs('rate-limit', 4, limited, config)).toBe(7000);
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs('rate-limit', attempt, undefined, config))).toEqual([5000, 10_000, 20_000, 30_000, 30_000]);
    expect([1, 2].map((attempt) => retryDelayMs('transport', attempt, undefined, config))).toEqual([1000, 2000]);
    expect([1, 2, 3].map((attempt) => retryDelayMs('invalid-stream', attempt, undefined, config))).toEqual([1000, 2000, 4000]);
    expect(retryDelayMs('context-overflow', 1, undefined, config)).toBe(0);
  });

  it('B8 every failure becomes a message a person can act on, with the status kept', () => {
    const kinds: ModelFailure['kind'][] = ['auth', 'rate-limit', 'server', 'transport', 'context-overflow', 'bad-request', 'aborted', 'unknown'];
    for (const kind of kinds) {
      const error = failureError({ kind, status: 418, message: 'detail' });
      expect(error.kind).toBe(kind);
      expect(error.status).toBe(418);
      expect(error.message.length).toBeGreaterThan(10);
    }
    expect(failureError({ kind: 'bad-request', status: 400, message: 'bad' }).message).toBe('The model refused the request: bad');
  });
});

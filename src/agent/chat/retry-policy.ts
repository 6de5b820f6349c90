/**
 * Which failures are retried, from which independent budget (B1), after how long, and
 * what the person reads when retrying stops (B1–B8).
 */
import type { ModelFailure } from '../../model/types';
import type { AppError } from '../../shared/errors';
import type { ResolvedConfig } from '../config';
import type { RetryInfo } from '../types';

export type RetryBudget = RetryInfo['reason'];

export type RetryCounters = Record<RetryBudget, number>;

export function emptyCounters(): RetryCounters {
  return { 'rate-limit': 0, transport: 0, 'invalid-stream': 0, 'context-overflow': 0, server: 0 };
}

/** The only transport error codes that are replayed (B2); a browser adapter maps fetch/read errors onto these. */
export const TRANSPORT_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'ETIMEDOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/**
 * The budget a failure draws from, or null when it is not retried: 400 and other 4xx,
 * auth, unknown, and a transport error after visible output reached the caller (B3).
 */
export function budgetFor(failure: ModelFailure, visibleOutputYielded: boolean): RetryBudget | null {
  switch (failure.kind) {
    case 'rate-limit':
      return 'rate-limit';
    case 'server':
      return 'server';
    case 'context-overflow':
      return 'context-overflow';
    case 'transport': {
      // Adapters map browser fetch and read failures to a whitelisted code; no code, no retry (B2).
      const whitelisted = failure.code !== undefined && TRANSPORT_CODES.has(failure.code);
      return whitelisted && !visibleOutputYielded ? 'transport' : null;
    }
    case 'auth':
    case 'bad-request':
    case 'aborted':
    case 'unknown':
      return null;
  }
}

export function maxRetries(budget: RetryBudget, config: ResolvedConfig): number {
  switch (budget) {
    case 'rate-limit':
      return config.rateLimitRetries;
    case 'server':
      return config.serverRetries;
    case 'transport':
      return config.transportRetries;
    case 'invalid-stream':
      return config.invalidStreamRetries;
    case 'context-overflow':
      return config.overflowCompressions;
  }
}

/** `attempt` is 1-based. Rate limits honor the provider's Retry-After when given. */
export function retryDelayMs(budget: RetryBudget, attempt: number, failure: ModelFailure | undefined, config: ResolvedConfig): number {
  switch (budget) {
    case 'rate-limit':
    case 'server':
      if (failure?.retryAfterMs !== undefined) return failure.retryAfterMs;
      return Math.min(config.retryInitialDelayMs * 2 ** (attempt - 1), config.retryMaxDelayMs);
    case 'transport':
      return config.transportDelayMs * attempt;
    case 'invalid-stream':
      return config.invalidStreamDelayMs * 2 ** (attempt - 1);
    case 'context-overflow':
      return 0;
  }
}

/** A message the person can act on (B8); never contains the key itself. */
export function failureError(failure: ModelFailure): AppError & { status?: number } {
  const status = failure.status === undefined ? {} : { status: failure.status };
  const detail = failure.message;
  switch (failure.kind) {
    case 'auth':
      return { kind: 'auth', message: 'The model rejected the API key. Check the API key in Settings, then send again.', detail, ...status };
    case 'rate-limit':
      return { kind: 'rate-limit', message: 'The model is rate-limited and retries ran out. Wait a minute, then press Continue.', detail, ...status };
    case 'server':
      return { kind: 'server', message: 'The model service kept failing. Try again later, or press Continue.', detail, ...status };
    case 'transport':
      return { kind: 'transport', message: 'The connection to the model was lost. Check your network, then press Continue.', detail, ...status };
    case 'context-overflow':
      return { kind: 'context-overflow', message: "The conversation no longer fits the model's context. Compress it or start a new session.", detail, ...status };
    case 'bad-request':
      return { kind: 'bad-request', message: `The model refused the request: ${failure.message}`, ...status };
    case 'aborted':
      return { kind: 'aborted', message: 'The request was cancelled.', ...status };
    case 'unknown':
      return { kind: 'unknown', message: `The model call failed: ${failure.message}`, ...status };
  }
}

// Classification of what browsers and Node throw, beyond what the wire tests can produce.
import { describe, expect, it } from 'vitest';
import { classifyFailure, retryAfterMs } from './classify-failure';
import type { FailureContext } from './classify-failure';

const context: FailureContext = {
  aborted: false,
  idle: false,
  idleTimeoutMs: 120_000,
  responded: false,
  model: 'gemini-2.5-flash',
  apiKey: 'AIza-secret',
};

function apiError(status: number, error: object): Error & { status: number } {
  return Object.assign(new Error(JSON.stringify({ error })), { name: 'ApiError', status });
}

describe('classifyFailure', () => {
  it('maps browser fetch TypeErrors to transport ECONNRESET', () => {
    for (const message of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed', 'network error']) {
      expect(classifyFailure(new TypeError(message), context)).toMatchObject({ kind: 'transport', code: 'ECONNRESET' });
    }
  });

  it('maps a stream read error after the first chunk to a mid-stream transport failure', () => {
    const failure = classifyFailure(new TypeError('Error in input stream'), { ...context, responded: true });
    expect(failure).toMatchObject({ kind: 'transport', code: 'ECONNRESET' });
    expect(failure.message).toContain('dropped while it was answering');
  });

  it('normalizes undici codes found in the cause chain', () => {
    const timeout = new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'UND_ERR_HEADERS_TIMEOUT' }) });
    const socket = new TypeError('terminated', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    expect(classifyFailure(timeout, context)).toMatchObject({ kind: 'transport', code: 'ETIMEDOUT' });
    expect(classifyFailure(socket, context)).toMatchObject({ kind: 'transport', code: 'ECONNRESET' });
  });

  it('treats a truncated SSE stream as transport', () => {
    expect(classifyFailure(new Error('Incomplete JSON segment at the end'), context).kind).toBe('transport');
  });

  it('lets the caller abort win over anything else', () => {
    expect(classifyFailure(apiError(500, {}), { ...context, aborted: true }).kind).toBe('aborted');
  });

  it('reports the idle watchdog as ETIMEDOUT with the timeout in seconds', () => {
    const failure = classifyFailure(new Error('idle'), { ...context, idle: true });
    expect(failure).toMatchObject({ kind: 'transport', code: 'ETIMEDOUT' });
    expect(failure.message).toContain('120 seconds');
  });

  it('classifies a key error by ErrorInfo reason even with an unusual message', () => {
    const error = apiError(400, {
      code: 400,
      message: 'Bad key',
      details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
    });
    expect(classifyFailure(error, context).kind).toBe('auth');
  });

  it('never puts the API key into a message', () => {
    const failures = [
      classifyFailure(new Error('weird failure for key AIza-secret'), context),
      classifyFailure(apiError(500, { message: 'upstream said AIza-secret' }), context),
    ];
    for (const failure of failures) expect(failure.message).not.toContain('AIza-secret');
    expect(failures[0]?.kind).toBe('unknown');
  });

  it('classifies other 4xx as bad-request', () => {
    expect(classifyFailure(apiError(413, { message: 'too big' }), context).kind).toBe('bad-request');
    expect(classifyFailure(apiError(400, { message: 'Request payload size exceeds the limit' }), context).kind).toBe(
      'context-overflow',
    );
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates from Retry-After', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }), undefined)).toBe(3000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:09 GMT' }), undefined, now)).toBe(9000);
  });

  it('reads fractional RetryInfo delays and ignores other details', () => {
    const details = [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '0.5s' }];
    expect(retryAfterMs(undefined, details)).toBe(500);
    expect(retryAfterMs(undefined, [{ '@type': 'x', retryDelay: '5s' }])).toBeUndefined();
  });
});

// Each failure class, produced on the wire by the fake server and read through the real SDK.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGemini } from '../../../e2e/fake-gemini/server.mjs';
import type { FakeGemini, FakeResponse } from '../../../e2e/fake-gemini/server.mjs';
import { collectStream, failureOf, partsOf } from '../testing/collect-stream';
import type { ModelStreamPart } from '../types';
import { createGeminiModel } from './gemini-model';

const KEY = 'AIzaSy-secret-test-key';
let fake: FakeGemini;

beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

async function run(response: FakeResponse, options: { idleTimeoutMs?: number; signal?: AbortSignal } = {}) {
  fake.setScript({ responses: [response] });
  const model = createGeminiModel({ apiKey: KEY, baseUrl: fake.url, idleTimeoutMs: options.idleTimeoutMs });
  const request = { model: 'gemini-2.5-flash', contents: [{ role: 'user' as const, parts: [{ text: 'hi' }] }] };
  return collectStream(model.stream(request, options.signal ?? new AbortController().signal));
}

function expectNoKey(stream: ModelStreamPart[]): void {
  expect(JSON.stringify(stream)).not.toContain(KEY);
}

describe('gemini adapter failures', () => {
  it('classifies 401 as auth and tells the person to check the key in Settings', async () => {
    const stream = await run({ status: 401 });
    expect(stream).toHaveLength(1);
    expect(failureOf(stream)).toMatchObject({ kind: 'auth', status: 401 });
    expect(failureOf(stream)?.message).toMatch(/API key.*Settings/);
  });

  it('classifies the 400 "API key not valid" as auth, never echoing the key', async () => {
    const body = { error: { code: 400, message: `API key not valid: ${KEY}`, status: 'INVALID_ARGUMENT' } };
    const stream = await run({ status: 400, body });
    expect(failureOf(stream)).toMatchObject({ kind: 'auth', status: 400 });
    expectNoKey(stream);
  });

  it('classifies 403 as auth', async () => {
    expect(failureOf(await run({ status: 403 }))?.kind).toBe('auth');
  });

  it('reads the retry delay of a 429 from Retry-After', async () => {
    const stream = await run({ status: 429, headers: { 'Retry-After': '7' } });
    expect(failureOf(stream)).toMatchObject({ kind: 'rate-limit', status: 429, retryAfterMs: 7000 });
  });

  it('reads the retry delay of a 429 from Gemini RetryInfo', async () => {
    const body = {
      error: {
        code: 429,
        message: 'You exceeded your current quota.',
        status: 'RESOURCE_EXHAUSTED',
        details: [
          { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [] },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '12s' },
        ],
      },
    };
    const stream = await run({ status: 429, body });
    expect(failureOf(stream)).toMatchObject({ kind: 'rate-limit', retryAfterMs: 12_000 });
    expect(failureOf(stream)?.message).toContain('You exceeded your current quota.');
  });

  it('reads the retry delay of a 503 from Retry-After too', async () => {
    const stream = await run({ status: 503, headers: { 'Retry-After': '7' } });
    expect(failureOf(stream)).toMatchObject({ kind: 'server', status: 503, retryAfterMs: 7000 });
  });

  it('classifies 500, 503 and 499 as server', async () => {
    for (const status of [500, 503, 499]) {
      expect(failureOf(await run({ status }))).toMatchObject({ kind: 'server', status });
    }
  });

  it('classifies a plain 400 as bad-request and a too-long prompt as context-overflow', async () => {
    expect(failureOf(await run({ status: 400 }))).toMatchObject({ kind: 'bad-request', status: 400 });
    const tooLong = {
      error: {
        code: 400,
        message: 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
        status: 'INVALID_ARGUMENT',
      },
    };
    const stream = await run({ status: 400, body: tooLong });
    expect(failureOf(stream)).toMatchObject({ kind: 'context-overflow', status: 400 });
  });

  it('names the model on 404', async () => {
    const failure = failureOf(await run({ status: 404 }));
    expect(failure).toMatchObject({ kind: 'bad-request', status: 404 });
    expect(failure?.message).toContain('gemini-2.5-flash');
  });

  it('classifies an error event inside the SSE stream by its code', async () => {
    const stream = await run({
      chunks: [{ text: 'start' }, { raw: { error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } } }],
    });
    expect(partsOf(stream)).toEqual([{ text: 'start' }]);
    expect(failureOf(stream)).toMatchObject({ kind: 'server', status: 503 });
  });

  it('reports a connection destroyed before the first byte as transport ECONNRESET', async () => {
    const stream = await run({ drop: 'before-first-chunk' });
    expect(stream).toHaveLength(1);
    expect(failureOf(stream)).toMatchObject({ kind: 'transport', code: 'ECONNRESET' });
    expect(failureOf(stream)?.message).toBe(
      'The model endpoint could not be reached (network error). Check your connection or the API base URL in Settings.',
    );
  });

  it('keeps the chunks that arrived before a mid-stream drop, then reports transport', async () => {
    const stream = await run({ drop: 'after-first-chunk', chunks: [{ text: 'partial' }] });
    expect(partsOf(stream)).toEqual([{ text: 'partial' }]);
    expect(failureOf(stream)).toMatchObject({ kind: 'transport', code: 'ECONNRESET' });
    expect(failureOf(stream)?.message).toMatch(/dropped while it was answering/);
  });

  it('reports an unreachable endpoint as transport', async () => {
    const closed = await startFakeGemini();
    const url = closed.url;
    await closed.close();
    const model = createGeminiModel({ apiKey: KEY, baseUrl: url });
    const request = { model: 'gemini-2.5-flash', contents: [{ role: 'user' as const, parts: [{ text: 'hi' }] }] };
    const failure = failureOf(await collectStream(model.stream(request, new AbortController().signal)));
    expect(failure?.kind).toBe('transport');
    expect(failure?.code).toBe('ECONNREFUSED');
  });

  it('ends a silent stream with transport ETIMEDOUT from the idle watchdog', async () => {
    const stream = await run({ hang: true, chunks: [{ text: 'thinking…' }] }, { idleTimeoutMs: 150 });
    expect(partsOf(stream)).toEqual([{ text: 'thinking…' }]);
    expect(failureOf(stream)).toMatchObject({ kind: 'transport', code: 'ETIMEDOUT' });
  });

  it('ends with aborted when the caller aborts before the first byte', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const stream = await run({ hang: true }, { signal: controller.signal });
    expect(stream).toEqual([{ type: 'error', error: { kind: 'aborted', message: expect.any(String) as string } }]);
  });

  it('ends with aborted when the caller aborts mid-stream', async () => {
    const controller = new AbortController();
    fake.setScript({ responses: [{ chunks: [{ text: 'a' }, { text: 'b' }, { text: 'c' }], delayMs: 100 }] });
    const model = createGeminiModel({ apiKey: KEY, baseUrl: fake.url });
    const request = { model: 'gemini-2.5-flash', contents: [{ role: 'user' as const, parts: [{ text: 'hi' }] }] };
    const seen: ModelStreamPart[] = [];
    for await (const part of model.stream(request, controller.signal)) {
      seen.push(part);
      if (part.type === 'chunk') controller.abort();
    }
    expect(partsOf(seen)).toEqual([{ text: 'a' }]);
    expect(failureOf(seen)?.kind).toBe('aborted');
  });

  it('ends with aborted without a request when the signal is already aborted', async () => {
    const stream = await run({ chunks: [{ text: 'never' }] }, { signal: AbortSignal.abort() });
    expect(failureOf(stream)?.kind).toBe('aborted');
    expect(fake.requests()).toHaveLength(0);
  });
});

// Each failure class, produced on the wire by the fake server and read through the real SDK:
// the same kinds (so the same retry budgets) and the same kind of advice as Gemini's adapter.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../../e2e/fake-openai/server.mjs';
import type { FakeOpenAi, FakeResponse } from '../../../e2e/fake-openai/server.mjs';
import { collectStream, failureOf, partsOf } from '../testing/collect-stream';
import type { ModelStreamPart } from '../types';
import { createOpenAiModel } from './openai-model';

const KEY = 'sk-secret-test-key';
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const request = { model: 'llama3.1', contents: [{ role: 'user' as const, parts: [{ text: 'hi' }] }] };

async function run(response: FakeResponse, options: { idleTimeoutMs?: number; signal?: AbortSignal; baseUrl?: string } = {}) {
  fake.setScript({ responses: [response] });
  const model = createOpenAiModel({ apiKey: KEY, baseUrl: options.baseUrl ?? fake.baseUrl, ...(options.idleTimeoutMs ? { idleTimeoutMs: options.idleTimeoutMs } : {}) });
  return collectStream(model.stream(request, options.signal ?? new AbortController().signal));
}

function expectNoKey(stream: ModelStreamPart[]): void {
  expect(JSON.stringify(stream)).not.toContain(KEY);
}

describe('openai adapter failures', () => {
  it('classifies 401 as auth, says to check the key in Settings, and never echoes the key', async () => {
    const stream = await run({ status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}`, type: 'invalid_request_error', code: 'invalid_api_key' } } });
    expect(stream).toHaveLength(1);
    expect(failureOf(stream)).toMatchObject({ kind: 'auth', status: 401 });
    expect(failureOf(stream)?.message).toMatch(/OpenAI-compatible API key in Settings/);
    expectNoKey(stream);
  });

  it('names the model on 404', async () => {
    const failure = failureOf(await run({ status: 404, body: { error: { message: 'model "llama3.1" not found, try pulling it first', type: 'api_error' } } }));
    expect(failure).toMatchObject({ kind: 'bad-request', status: 404 });
    expect(failure?.message).toContain('could not find the model "llama3.1"');
    expect(failure?.message).toContain('try pulling it first');
  });

  it('reads the retry delay of a 429 from Retry-After', async () => {
    const stream = await run({ status: 429, headers: { 'Retry-After': '7' } });
    expect(failureOf(stream)).toMatchObject({ kind: 'rate-limit', status: 429, retryAfterMs: 7000 });
  });

  it('classifies 500, 502 and 503 as server', async () => {
    for (const status of [500, 502, 503]) expect(failureOf(await run({ status }))).toMatchObject({ kind: 'server', status });
  });

  it('classifies a too-long prompt as context-overflow', async () => {
    const body = { error: { message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.", code: 'context_length_exceeded' } };
    expect(failureOf(await run({ status: 400, body }))).toMatchObject({ kind: 'context-overflow', status: 400 });
  });

  it('says plainly when a 200 answer is an HTML page, not an event stream', async () => {
    const failure = failureOf(await run({ html: '<!doctype html><html><body>My web app</body></html>' }));
    expect(failure?.kind).toBe('bad-request');
    expect(failure?.message).toContain('did not answer like an OpenAI-compatible API: it sent an HTML page');
    expect(failure?.message).toContain('/v1');
    expect(failure?.message).not.toContain('My web app');
  });

  it('says so when a 200 answer is JSON instead of an event stream', async () => {
    const failure = failureOf(await run({ json: { hello: 'world' } }));
    expect(failure?.kind).toBe('bad-request');
    expect(failure?.message).toContain('"{"hello":"world"}"');
    expect(failure?.message).toContain('application/json');
  });

  it('turns an HTML error page into a short message', async () => {
    const failure = failureOf(await run({ html: '<html><body><h1>404</h1>' + 'x'.repeat(5000) + '</body></html>', htmlStatus: 404 }));
    expect(failure).toMatchObject({ kind: 'bad-request', status: 404 });
    expect(failure?.message).toContain('an HTML page, not an API answer');
    expect(failure!.message.length).toBeLessThan(400);
  });

  it('reports a refused connection (or a CORS refusal in a browser) as transport, with the advice for both', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failure = failureOf(await run({ chunks: [] }, { baseUrl: `http://127.0.0.1:${port}/v1` }));
    expect(failure).toMatchObject({ kind: 'transport' });
    expect(['ECONNRESET', 'ECONNREFUSED']).toContain(failure?.code);
    expect(failure?.message).toContain('could not be reached');
    expect(failure?.message).toContain('CORS');
  });

  it('reports a connection destroyed before the first byte as transport ECONNRESET', async () => {
    const failure = failureOf(await run({ drop: 'before-first-chunk' }));
    expect(failure).toMatchObject({ kind: 'transport', code: 'ECONNRESET' });
  });

  it('keeps the chunks that arrived before a mid-stream drop, then reports transport', async () => {
    const stream = await run({ drop: 'after-first-chunk', chunks: [{ text: 'partial' }] });
    expect(partsOf(stream)).toEqual([{ text: 'partial' }]);
    expect(failureOf(stream)).toMatchObject({ kind: 'transport', code: 'ECONNRESET' });
    expect(failureOf(stream)?.message).toMatch(/dropped while it was answering/);
  });

  it('classifies an error event inside the stream by its code', async () => {
    const stream = await run({ chunks: [{ text: 'start' }, { raw: { error: { message: 'overloaded', code: 503 } } }] });
    expect(partsOf(stream)).toEqual([{ text: 'start' }]);
    expect(failureOf(stream)).toMatchObject({ kind: 'server', status: 503 });
  });

  it('reports an error event without a status as a server failure, in the server\'s words', async () => {
    const failure = failureOf(await run({ chunks: [{ raw: { error: { message: 'Provider disconnected', code: 'server_error' } } }] }));
    expect(failure?.kind).toBe('server');
    expect(failure?.message).toContain('Provider disconnected');
  });

  it('ends with aborted when the caller stops a stream mid-way, and closes the connection', async () => {
    const controller = new AbortController();
    fake.setScript({ responses: [{ hang: true, chunks: [{ text: 'first' }] }] });
    const model = createOpenAiModel({ baseUrl: fake.baseUrl });
    const stream: ModelStreamPart[] = [];
    for await (const part of model.stream(request, controller.signal)) {
      stream.push(part);
      if (part.type === 'chunk') controller.abort();
    }
    expect(partsOf(stream)).toEqual([{ text: 'first' }]);
    expect(failureOf(stream)?.kind).toBe('aborted');
  });

  it('ends a silent stream with transport ETIMEDOUT after the idle timeout', async () => {
    const stream = await run({ hang: true }, { idleTimeoutMs: 200 });
    expect(failureOf(stream)).toMatchObject({ kind: 'transport', code: 'ETIMEDOUT' });
  });

  it('answers an already aborted signal without a request', async () => {
    const controller = new AbortController();
    controller.abort();
    const stream = await run({ chunks: [{ text: 'x' }] }, { signal: controller.signal });
    expect(failureOf(stream)?.kind).toBe('aborted');
    expect(fake.requests()).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { OUTPUT_RECOVERY_PROMPT } from './continuation';
import { EMPTY_RESPONSE_NUDGE, THINKING_ONLY_NUDGE } from './chat/invalid-stream';
import { FC, reply, T, TH } from './testing/fake-model';
import { createHarness, texts, waitUntil } from './testing/harness';

const summary = reply('SUM', 'STOP');

describe('B. retry and recovery', () => {
  it('A9 retry clears calls streamed in the failed attempt', async () => {
    const h = createHarness({
      script: [
        { chunks: [{ calls: [FC('read_file', { file_path: 'a' })] }], failAfter: { chunkIndex: 0, error: { status: 429 } } },
        reply(FC('read_file', { file_path: 'a' }), 'STOP'),
        reply('ok', 'STOP'),
      ],
    });
    await h.run('q');
    expect(h.types().filter((type) => ['tool_call_request', 'retry', 'finished'].includes(type)).slice(0, 4)).toEqual([
      'tool_call_request', 'retry', 'tool_call_request', 'finished',
    ]);
    expect(h.tools.toolLog).toHaveLength(1);
    const contents = h.model.requests[2]!.contents;
    expect(contents.flatMap((c) => c.parts).filter((part) => part.functionCall)).toHaveLength(1);
    expect(contents.flatMap((c) => c.parts).filter((part) => part.functionResponse)).toHaveLength(1);
    h.expectHealthy();
  });

  it('A9 retry forgets the sources cited in the failed attempt', async () => {
    const h = createHarness({
      script: [
        { chunks: [{ text: 'draft', citations: [{ uri: 'https://old.example/' }] }, {}], failAfter: { chunkIndex: 1, error: { status: 503 } } },
        { chunks: [{ text: 'final', citations: [{ uri: 'https://new.example/' }], finish: 'STOP' }] },
      ],
    });
    await h.run('q');
    expect(h.ofType('citation').map((event) => event.value)).toEqual(['Citations:\nhttps://new.example/']);
    h.expectHealthy();
  });

  it('A12 an invisible answer is an invalid stream and is retried', async () => {
    const h = createHarness({ script: [reply('\u200B', 'STOP'), reply('real', 'STOP')] });
    await h.run('q');
    const types = h.types().filter((type) => type === 'retry' || type === 'content');
    expect(types.at(-2)).toBe('retry');
    expect(h.ofType('content').at(-1)!.value).toBe('real');
    expect(h.ofType('retry')[0]!.value.reason).toBe('invalid-stream');
    expect(h.model.requests).toHaveLength(2);
    expect(h.agent.history()[1]).toEqual({ role: 'model', parts: [{ text: 'real' }] });
  });

  it('A12 exhausted invalid-stream retries emit invalid_stream', async () => {
    const h = createHarness({ script: [reply(T('x')), reply(T('x'))], config: { invalidStreamRetries: 1 } });
    expect(await h.run('q')).toBe('error');
    expect(h.ofType('invalid_stream')[0]!.value.type).toBe('NO_FINISH_REASON');
    h.expectHealthy();
  });

  it('A13 a thoughts-only answer is retried with the thoughts nudge', async () => {
    const h = createHarness({ script: [reply(TH('x'), 'STOP'), reply('y', 'STOP')] });
    await h.run('q');
    expect(h.model.requests[1]!.systemInstruction!.endsWith(THINKING_ONLY_NUDGE)).toBe(true);
    expect(h.model.requests[0]!.systemInstruction).not.toContain(THINKING_ONLY_NUDGE);
  });

  it('A13 an empty answer is retried with the empty-response nudge', async () => {
    const h = createHarness({ script: [reply('', 'STOP'), reply('y', 'STOP')] });
    await h.run('q');
    expect(h.model.requests[1]!.systemInstruction!.endsWith(EMPTY_RESPONSE_NUDGE)).toBe(true);
  });

  it('B1 budgets do not interfere', async () => {
    const h = createHarness({
      script: [{ error: { status: 429 } }, { error: { status: 429 } }, reply('', 'STOP'), { error: { code: 'ECONNRESET' } }, reply('ok', 'STOP')],
    });
    await h.run('q');
    expect(h.ofType('content').map((event) => event.value)).toEqual(['ok']);
    const reasons = h.ofType('retry').map((event) => event.value.reason);
    expect(reasons).toEqual(['rate-limit', 'rate-limit', 'invalid-stream', 'transport']);
    expect(h.ofType('retry').map((event) => event.value.attempt)).toEqual([1, 2, 1, 1]);
  });

  it('B1 rate-limit delays honor Retry-After, else 5 s doubling capped at 30 s', async () => {
    const h = createHarness({
      script: [{ error: { status: 429, retryAfterMs: 1234 } }, ...Array.from({ length: 5 }, () => ({ error: { status: 429 } })), reply('ok', 'STOP')],
    });
    await h.run('q');
    expect(h.ofType('retry').map((event) => event.value.delayMs)).toEqual([1234, 10_000, 20_000, 30_000, 30_000, 30_000]);
    expect(h.clock.sleeps.slice(0, 6)).toEqual([1234, 10_000, 20_000, 30_000, 30_000, 30_000]);
  });

  it.each([
    ['rate limit', { status: 429 }, 10, 'rate-limit', 'The model is rate-limited and retries ran out.'],
    ['server', { status: 503 }, 10, 'server', 'The model service kept failing.'],
    ['transport', { code: 'ECONNRESET' }, 2, 'transport', 'The connection to the model was lost.'],
  ] as const)('B1 an exhausted %s budget ends in one error after its retries', async (_name, error, retries, reason, message) => {
    const h = createHarness({ script: Array.from({ length: retries + 1 }, () => ({ error })) });
    expect(await h.run('q')).toBe('error');
    expect(h.model.requests).toHaveLength(retries + 1);
    const retryEvents = h.ofType('retry').map((event) => event.value);
    expect(retryEvents.map((value) => value.attempt)).toEqual(Array.from({ length: retries }, (_, index) => index + 1));
    expect(retryEvents.every((value) => value.reason === reason && value.maxRetries === retries)).toBe(true);
    expect(h.ofType('error').map((event) => event.value.error.message.startsWith(message))).toEqual([true]);
    h.expectHealthy();
  });

  it('B1 an exhausted invalid-stream budget reports the last classification after 4 retries', async () => {
    const h = createHarness({ script: Array.from({ length: 5 }, () => reply('', 'SAFETY')) });
    expect(await h.run('q')).toBe('error');
    expect(h.model.requests).toHaveLength(5);
    expect(h.ofType('retry').map((event) => event.value.reason)).toEqual(Array(4).fill('invalid-stream'));
    expect(h.ofType('invalid_stream').map((event) => event.value.type)).toEqual(['SAFETY_BLOCKED']);
    h.expectHealthy();
  });

  it('B1 budgets are injectable: one rate-limit retry, then the error', async () => {
    const h = createHarness({ script: [{ error: { status: 429 } }, { error: { status: 429 } }, reply('never', 'STOP')], config: { rateLimitRetries: 1 } });
    expect(await h.run('q')).toBe('error');
    expect(h.model.requests).toHaveLength(2);
    expect(h.model.remaining()).toBe(1);
  });

  it('B2 EPIPE is not a transport error: one request, an error', async () => {
    const h = createHarness({ script: [{ error: { code: 'EPIPE' } }, reply('x', 'STOP')] });
    expect(await h.run('q')).toBe('error');
    expect(h.model.requests).toHaveLength(1);
    expect(h.ofType('error')).toHaveLength(1);
  });

  it('B3 a transport error before any chunk is replayed', async () => {
    const h = createHarness({ script: [{ error: { code: 'ECONNRESET' } }, reply('ok', 'STOP')] });
    await h.run('q');
    expect(h.ofType('retry')).toHaveLength(1);
    expect(h.model.requests).toHaveLength(2);
    expect(h.ofType('content')).toEqual([{ type: 'content', value: 'ok' }]);
  });

  it('B3 a transport error after visible output is not replayed', async () => {
    const h = createHarness({ script: [{ chunks: [T('partial')], failAfter: { chunkIndex: 0, error: { code: 'ECONNRESET' } } }] });
    expect(await h.run('q')).toBe('error');
    expect(h.types().filter((type) => type === 'content' || type === 'error')).toEqual(['content', 'error']);
    expect(h.model.requests).toHaveLength(1);
    h.expectHealthy();
  });

  it('B4 the partial reply of a failed attempt never reaches history', async () => {
    const h = createHarness({
      script: [
        { chunks: [T('a'), { calls: [FC('read_file', { file_path: 'x' })] }], failAfter: { chunkIndex: 1, error: { status: 429 } } },
        reply('b', 'STOP'),
      ],
    });
    await h.run('q');
    expect(h.agent.history()).toEqual([
      { role: 'user', parts: [{ text: 'q' }] },
      { role: 'model', parts: [{ text: 'b' }] },
    ]);
    expect(h.tools.toolLog).toHaveLength(0);
    for (const commit of h.store.commits) expect(JSON.stringify(commit)).not.toContain('"a"');
    h.expectHealthy();
  });

  it('B5 context overflow: one reactive compression, then the shorter request', async () => {
    const history = Array.from({ length: 6 }, (_, n) => [
      { role: 'user' as const, parts: [{ text: `question ${n} ${'x'.repeat(400)}` }] },
      { role: 'model' as const, parts: [{ text: `answer ${n} ${'y'.repeat(400)}` }] },
    ]).flat();
    const h = createHarness({ initialHistory: history, script: [{ error: { contextOverflow: true } }, summary, reply('ok', 'STOP')] });
    await h.run('q');
    expect(h.types().filter((type) => ['chat_compressed', 'retry', 'content'].includes(type))).toEqual(['chat_compressed', 'retry', 'content']);
    const [first, , third] = h.model.requests;
    expect(third!.contents.length).toBeLessThan(first!.contents.length);
    expect(texts(third!.contents[0])).toEqual(['SUM']);
    h.expectHealthy();
  });

  it('B5 a second overflow in the same send is an error; compression ran once', async () => {
    const history = Array.from({ length: 6 }, (_, n) => [
      { role: 'user' as const, parts: [{ text: `question ${n} ${'x'.repeat(400)}` }] },
      { role: 'model' as const, parts: [{ text: `answer ${n} ${'y'.repeat(400)}` }] },
    ]).flat();
    const h = createHarness({ initialHistory: history, script: [{ error: { contextOverflow: true } }, summary, { error: { contextOverflow: true } }] });
    expect(await h.run('q')).toBe('error');
    expect(h.types().filter((type) => ['chat_compressed', 'retry', 'error'].includes(type))).toEqual(['chat_compressed', 'retry', 'error']);
    expect(h.model.requests.filter((request) => request.systemInstruction?.includes('state snapshot'))).toHaveLength(1);
  });

  it('B6 aborting during a rate-limit delay cancels with no further request', async () => {
    const controller = new AbortController();
    const h = createHarness({ script: [{ error: { status: 429 } }, reply('never', 'STOP')], clockMode: 'manual' });
    const running = h.run('q', controller.signal);
    await waitUntil(() => h.ofType('retry').length === 1);
    expect(h.ofType('retry')[0]!.value).toMatchObject({ attempt: 1, maxRetries: 10, delayMs: 5000 });
    controller.abort();
    expect(await running).toBe('cancelled');
    expect(h.model.requests).toHaveLength(1);
    expect(h.types().at(-2)).toBe('user_cancelled');
  });

  it('B7 5xx is retried; 400 is not', async () => {
    const h = createHarness({ script: [{ error: { status: 503 } }, reply('ok', 'STOP')] });
    await h.run('q');
    expect(h.model.requests).toHaveLength(2);
    const bad = createHarness({ script: [{ error: { status: 400 } }] });
    await bad.run('q');
    expect(bad.model.requests).toHaveLength(1);
  });

  it('B8 a failed prompt is kept; Continue sends it exactly once', async () => {
    const h = createHarness({ script: [{ error: { status: 400 } }, reply('ok', 'STOP')] });
    await h.run('q');
    expect(h.store.history()).toEqual([{ role: 'user', parts: [{ text: 'q' }] }]);
    await h.resume();
    const sent = h.model.requests[1]!.contents.flatMap((content) => texts(content));
    expect(sent.filter((text) => text === 'q')).toHaveLength(1);
    expect(h.agent.history()).toEqual([
      { role: 'user', parts: [{ text: 'q' }] },
      { role: 'model', parts: [{ text: 'ok' }] },
    ]);
    h.expectHealthy();
  });

  it('B8 a new prompt after a failed one is coalesced with it', async () => {
    const h = createHarness({ script: [{ error: { status: 400 } }, reply('ok', 'STOP')] });
    await h.run('q');
    await h.run('r');
    const contents = h.model.requests[1]!.contents;
    expect(contents).toHaveLength(1);
    expect(texts(contents[0])).toEqual(['q', 'r']);
  });

  it('B10 A17 output recovery after MAX_TOKENS: request-only prompt, joined answer', async () => {
    const h = createHarness({ script: [reply('part1', 'MAX_TOKENS'), reply('part2', 'STOP')] });
    await h.run('q');
    expect(texts(h.model.requests[1]!.contents.at(-1))).toEqual([OUTPUT_RECOVERY_PROMPT]);
    expect(h.agent.history()).toEqual([
      { role: 'user', parts: [{ text: 'q' }] },
      { role: 'model', parts: [{ text: 'part1part2' }] },
    ]);
    for (const commit of h.store.commits) expect(JSON.stringify(commit)).not.toContain('Output token limit hit');
    h.expectHealthy();
  });

  it('B10 I2 output recovery is not interrupted by automatic compression: the answer stays joined', async () => {
    const long = (n: number) => [
      { role: 'user' as const, parts: [{ text: `question ${n} ${'x'.repeat(300)}` }] },
      { role: 'model' as const, parts: [{ text: `answer ${n} ${'y'.repeat(300)}` }] },
    ];
    const h = createHarness({
      initialHistory: [0, 1, 2, 3].flatMap(long),
      tokenLimit: 2000,
      script: [reply({ text: 'part1', finish: 'MAX_TOKENS', usage: { promptTokenCount: 1200 } }), reply('part2', 'STOP')],
    });
    await h.run('q');
    expect(h.model.requests).toHaveLength(2);
    expect(h.agent.history().at(-1)).toEqual({ role: 'model', parts: [{ text: 'part1part2' }] });
    h.expectHealthy();
  });

  it('B10 no recovery when the truncated turn has a call', async () => {
    const h = createHarness({ script: [reply(T('x'), FC('read_file', { file_path: 'a' }), 'MAX_TOKENS'), reply('done', 'STOP')] });
    await h.run('q');
    expect(h.model.requests[1]!.contents.at(-1)!.parts[0]!.functionResponse).toBeDefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { Content } from '../shared/content';
import { COMPRESSION_ACKNOWLEDGEMENT, COMPRESSION_PROMPT, MODEL_CONTEXT_EXCEEDED_MESSAGE } from './compression/compressor';
import { FC, reply } from './testing/fake-model';
import { createDeferred } from './testing/deferred';
import { createHarness, texts, waitUntil } from './testing/harness';

/** Earlier interactions, big enough that a split point exists before the new prompt. */
function earlier(turns = 4): Content[] {
  return Array.from({ length: turns }, (_, n) => [
    { role: 'user' as const, parts: [{ text: `question ${n} ${'x'.repeat(300)}` }] },
    { role: 'model' as const, parts: [{ text: `answer ${n} ${'y'.repeat(300)}` }] },
  ]).flat();
}

const isSummarizer = (request: { systemInstruction?: string }) => request.systemInstruction === COMPRESSION_PROMPT;

describe('I. compression', () => {
  it('I2 over half the window: the next request starts with the summary, after chat_compressed', async () => {
    const h = createHarness({
      initialHistory: earlier(),
      tokenLimit: 2000,
      script: [reply({ text: 'first', finish: 'STOP', usage: { promptTokenCount: 1200 } }), reply('SUM', 'STOP'), reply('second', 'STOP')],
    });
    await h.run('one');
    await h.run('two');
    const [, summarizer, main] = h.model.requests;
    expect(isSummarizer(summarizer!)).toBe(true);
    expect(texts(main!.contents[0])).toEqual(['SUM']);
    expect(texts(main!.contents[1])).toEqual([COMPRESSION_ACKNOWLEDGEMENT]);
    const order = h.types().filter((type) => type === 'chat_compressed' || type === 'round_trip_start');
    expect(order.slice(-3)).toEqual(['round_trip_start', 'chat_compressed', 'round_trip_start']);
    expect(h.ofType('chat_compressed')[0]!.value).toMatchObject({ originalTokenCount: 1200, compressionStatus: 'COMPRESSED' });
    expect(h.store.history()[0]).toEqual({ role: 'user', parts: [{ text: 'SUM' }] });
    h.expectHealthy();
  });

  it('I2 the summarizer is a visible, recorded round trip', async () => {
    const h = createHarness({
      initialHistory: earlier(),
      tokenLimit: 2000,
      script: [reply({ text: 'first', finish: 'STOP', usage: { promptTokenCount: 1200 } }), reply('SUM', 'STOP'), reply('second', 'STOP')],
    });
    await h.run('one');
    await h.run('two');
    expect(h.store.roundTrips).toHaveLength(3);
    expect(isSummarizer(h.store.roundTrips[1]!.request)).toBe(true);
    expect(h.ofType('content').map((event) => event.value)).toEqual(['first', 'second']);
  });

  it('K1 Stop during automatic compression keeps the prompt (stored, offered to Continue) and the history otherwise unchanged', async () => {
    const summarizing = createDeferred();
    const h = createHarness({
      initialHistory: earlier(),
      tokenLimit: 2000,
      script: [
        reply({ text: 'first', finish: 'STOP', usage: { promptTokenCount: 1200 } }),
        { chunks: [{ text: 'SUM', finish: 'STOP' }], hold: { chunkIndex: 0, until: summarizing.promise } },
        reply('second', 'STOP'),
      ],
    });
    await h.run('one');
    const before = h.agent.history();
    const stop = new AbortController();
    const running = h.run('two', stop.signal);
    await waitUntil(() => h.model.requests.length === 2);
    stop.abort();
    summarizing.resolve();
    expect(await running).toBe('cancelled');
    expect(h.store.history()).toEqual([...before, { role: 'user', parts: [{ text: 'two' }] }]);
    expect(h.agent.interruption()).toEqual({ type: 'interrupted_prompt', parts: [{ text: 'two' }] });
    expect(h.ofType('chat_compressed')).toHaveLength(0);
    h.expectHealthy();
  });

  it('I1 a summary cut off at the output limit is not applied (COMPRESSION_FAILED_OUTPUT_TRUNCATED)', async () => {
    const h = createHarness({
      initialHistory: earlier(),
      tokenLimit: 2000,
      script: [reply({ text: 'first', finish: 'STOP', usage: { promptTokenCount: 1200 } }), reply('SUMMARY, HALF', 'MAX_TOKENS'), reply('second', 'STOP')],
    });
    await h.run('one');
    const before = h.agent.history();
    await h.run('two');
    expect(h.ofType('chat_compressed')).toHaveLength(0);
    expect(h.agent.history().slice(0, before.length)).toEqual(before);
    expect(texts(h.model.requests[2]!.contents[0])[0]).toMatch(/^question 0/);
    h.model.push(reply('AGAIN, HALF', 'MAX_TOKENS'));
    expect(await h.agent.compress(new AbortController().signal)).toBe('COMPRESSION_FAILED_OUTPUT_TRUNCATED');
    h.expectHealthy();
  });

  it('I3 an inflated summary fails, changes nothing, and latches the summarizer off', async () => {
    const h = createHarness({
      initialHistory: earlier(),
      tokenLimit: 2000,
      script: [
        reply({ text: 'first', finish: 'STOP', usage: { promptTokenCount: 1200 } }),
        reply('S'.repeat(20_000), 'STOP'),
        reply({ text: 'second', finish: 'STOP', usage: { promptTokenCount: 1200 } }),
        reply('third', 'STOP'),
      ],
    });
    await h.run('one');
    await h.run('two');
    expect(h.ofType('chat_compressed')).toHaveLength(0);
    expect(texts(h.model.requests[2]!.contents[0])[0]).toMatch(/^question 0/);
    await h.run('three');
    expect(h.model.requests.filter(isSummarizer)).toHaveLength(1);
    h.expectHealthy();
  });

  it('I4 rapid refills: the 4th compression in a turn is blocked with ModelContextExceeded', async () => {
    const big = (n: number) => reply({ calls: [FC('read_file', { file_path: `big${n}` })], finish: 'STOP', usage: { promptTokenCount: 1800 } });
    const h = createHarness({
      initialHistory: earlier(),
      tokenLimit: 2000,
      script: [big(0), reply('SUM', 'STOP'), big(1), reply('SUM', 'STOP'), big(2), reply('SUM', 'STOP'), big(3)],
    });
    expect(await h.run('q')).toBe('error');
    expect(h.model.requests.filter(isSummarizer)).toHaveLength(3);
    expect(h.ofType('error').at(-1)!.value.error).toEqual({ kind: 'ModelContextExceeded', message: MODEL_CONTEXT_EXCEEDED_MESSAGE });
    h.expectHealthy();
  });

  it('I5 B5 reactive compression runs once per send (see retry-recovery) and manual compress() forces it', async () => {
    const h = createHarness({ initialHistory: earlier(), script: [reply('SUM', 'STOP')] });
    expect(await h.agent.compress(new AbortController().signal)).toBe('COMPRESSED');
    expect(h.store.history()[0]).toEqual({ role: 'user', parts: [{ text: 'SUM' }] });
    expect(h.ofType('chat_compressed')).toHaveLength(1);
    expect(isSummarizer(h.model.requests[0]!)).toBe(true);
  });

  it('I1 a failing summarizer reports a failure status and keeps history', async () => {
    const h = createHarness({ initialHistory: earlier(), script: [{ error: { status: 400 } }] });
    const before = h.agent.history();
    expect(await h.agent.compress(new AbortController().signal)).toBe('COMPRESSION_FAILED_API_ERROR');
    expect(h.agent.history()).toEqual(before);
  });
});

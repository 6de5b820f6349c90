/** Spec I1–I3, I5: when compression runs, what it produces, and how it fails. */
import { describe, expect, it } from 'vitest';
import { abortError } from '../../shared/abort';
import type { Content } from '../../shared/content';
import { COMPRESSION_ACKNOWLEDGEMENT, COMPRESSION_PROMPT, createCompressor } from './compressor';
import type { CompressionInput } from './compressor';
import { call, conversation, model, response, scriptedSummarizer, signal, user } from './compression-test-fixtures';
import { estimateTokens } from './token-estimate';

const over = (history: readonly Content[], extra: Partial<CompressionInput> = {}): CompressionInput => ({
  history,
  lastPromptTokenCount: 600,
  tokenLimit: 1000,
  force: false,
  signal,
  ...extra,
});

describe('I2 auto-compression trigger and shape', () => {
  it('at ≥ 0.5 × tokenLimit, replaces the older part with the summary and the acknowledgement', async () => {
    const summarizer = scriptedSummarizer('SUM');
    const compressor = createCompressor(summarizer);
    const history = conversation();
    const result = await compressor.compress(over(history));
    expect(result.status).toBe('COMPRESSED');
    expect(result.history[0]).toEqual(user('SUM'));
    expect(result.history[1]).toEqual(model(COMPRESSION_ACKNOWLEDGEMENT));
    // The tail is kept verbatim from a real user message on.
    const tail = result.history.slice(2);
    expect(history.slice(history.length - tail.length)).toEqual(tail);
    expect(tail[0]?.role).toBe('user');
    expect(tail[0]?.parts.some((part) => part.functionResponse)).toBe(false);
    expect(result.originalTokenCount).toBe(600);
    expect(result.newTokenCount).toBeLessThan(600);
  });

  it('summarizes exactly the part it replaces', async () => {
    const summarizer = scriptedSummarizer('SUM');
    const history = conversation();
    const result = await createCompressor(summarizer).compress(over(history));
    const kept = result.history.length - 2;
    expect(summarizer.calls).toEqual([history.slice(0, history.length - kept)]);
  });

  it('never separates a functionCall from its functionResponse', async () => {
    const history = [...conversation(), call('late'), response('late', 'x'.repeat(3000))];
    const result = await createCompressor(scriptedSummarizer('SUM')).compress(over(history));
    expect(result.status).toBe('COMPRESSED');
    const ids = (role: 'call' | 'response') =>
      result.history.flatMap((content) =>
        content.parts.flatMap((part) => {
          const id = role === 'call' ? part.functionCall?.id : part.functionResponse?.id;
          return id ? [id] : [];
        }),
      );
    expect(ids('call')).toEqual(ids('response'));
  });

  it('below the threshold it is a NOOP and the summarizer is not called', async () => {
    const summarizer = scriptedSummarizer('SUM');
    const history = conversation();
    const result = await createCompressor(summarizer).compress(over(history, { lastPromptTokenCount: 499 }));
    expect(result).toEqual({ status: 'NOOP', history, originalTokenCount: 499, newTokenCount: 499 });
    expect(summarizer.calls).toHaveLength(0);
  });

  it('the threshold is injectable', async () => {
    const compressor = createCompressor({ ...scriptedSummarizer('SUM'), config: { threshold: 0.7 } });
    expect((await compressor.compress(over(conversation(), { lastPromptTokenCount: 600 }))).status).toBe('NOOP');
    expect((await compressor.compress(over(conversation(), { lastPromptTokenCount: 700 }))).status).toBe('COMPRESSED');
  });

  it('force compresses below the threshold', async () => {
    const result = await createCompressor(scriptedSummarizer('SUM')).compress(over(conversation(), { lastPromptTokenCount: 10, force: true }));
    expect(result.status).toBe('COMPRESSED');
  });

  it('estimates the token count when the provider gave none', async () => {
    const history = conversation();
    const result = await createCompressor(scriptedSummarizer('SUM')).compress(over(history, { lastPromptTokenCount: 0, tokenLimit: 100 }));
    expect(result.originalTokenCount).toBe(estimateTokens(history));
    expect(result.status).toBe('COMPRESSED');
  });

  it('an empty history is a NOOP even when forced', async () => {
    const result = await createCompressor(scriptedSummarizer('SUM')).compress(over([], { force: true }));
    expect(result).toEqual({ status: 'NOOP', history: [], originalTokenCount: 0, newTokenCount: 0 });
  });

  it('does not mutate its input', async () => {
    const history = conversation();
    const snapshot = structuredClone(history);
    await createCompressor(scriptedSummarizer('SUM')).compress(over(history));
    expect(history).toEqual(snapshot);
  });

  it('sends the summarizer the truncated older part when the original would not fit the model', async () => {
    const summarizer = scriptedSummarizer('SUM');
    const history = [user('q1'), call('big'), response('big', 'line\n'.repeat(60_000)), model('a1'), user('q2'), model('a2'), user('q3')];
    const compressor = createCompressor({ ...summarizer, config: { truncation: { functionResponseTokenBudget: 100 } } });
    const result = await compressor.compress(over(history, { tokenLimit: 20_000, lastPromptTokenCount: 80_000 }));
    expect(result.status).toBe('COMPRESSED');
    const sent = JSON.stringify(summarizer.calls[0]);
    expect(sent.length).toBeLessThan(10_000);
    expect(sent).toContain('Tool output truncated');
  });

  it('COMPRESSION_PROMPT asks for a short state snapshot with goal, knowledge, file changes and next steps', () => {
    expect(COMPRESSION_PROMPT).toMatch(/state_snapshot/);
    for (const section of ['overall_goal', 'key_knowledge', 'file_changes', 'next_steps']) expect(COMPRESSION_PROMPT).toContain(section);
    expect(COMPRESSION_PROMPT).toMatch(/2 KB/);
  });
});

describe('I1/I3 failures and the failure latch', () => {
  it('an inflating summary fails, keeps history, and latches: later auto runs never call the summarizer', async () => {
    const history = conversation(200);
    const summarizer = scriptedSummarizer('S'.repeat(20_000), 'SUM');
    const compressor = createCompressor(summarizer);
    const first = await compressor.compress(over(history));
    expect(first.status).toBe('COMPRESSION_FAILED_INFLATED_TOKEN_COUNT');
    expect(first.history).toEqual(history);
    expect(first.newTokenCount).toBeGreaterThan(first.originalTokenCount);

    const second = await compressor.compress(over(history));
    expect(['CONTENT_TRUNCATED', 'NOOP']).toContain(second.status);
    expect(second.status).toBe('NOOP'); // nothing large enough to truncate here
    expect(second.history).toEqual(history);
    expect(summarizer.calls).toHaveLength(1);
  });

  it('when latched, auto runs truncate oversized tool output: CONTENT_TRUNCATED', async () => {
    const history = [user('q1'), call('big'), response('big', 'line\n'.repeat(5000)), model('a1'), user('q2')];
    const summarizer = scriptedSummarizer('S'.repeat(100_000));
    const compressor = createCompressor({ ...summarizer, config: { truncation: { functionResponseTokenBudget: 100 } } });
    expect((await compressor.compress(over(history))).status).toBe('COMPRESSION_FAILED_INFLATED_TOKEN_COUNT');
    const truncated = await compressor.compress(over(history));
    expect(truncated.status).toBe('CONTENT_TRUNCATED');
    expect(estimateTokens(truncated.history)).toBeLessThan(estimateTokens(history));
    expect(truncated.newTokenCount).toBeLessThan(truncated.originalTokenCount);
    expect(summarizer.calls).toHaveLength(1);
  });

  it('a forced run still summarizes while latched, and a good summary lifts the latch', async () => {
    const summarizer = scriptedSummarizer('S'.repeat(20_000), 'SUM');
    const compressor = createCompressor(summarizer);
    await compressor.compress(over(conversation(200)));
    expect((await compressor.compress(over(conversation(200), { force: true }))).status).toBe('COMPRESSED');
    expect((await compressor.compress(over(conversation(200)))).status).toBe('COMPRESSED');
    expect(summarizer.calls).toHaveLength(3);
  });

  it('a forced inflating run does not latch', async () => {
    const summarizer = scriptedSummarizer('S'.repeat(20_000), 'SUM');
    const compressor = createCompressor(summarizer);
    expect((await compressor.compress(over(conversation(200), { force: true }))).status).toBe('COMPRESSION_FAILED_INFLATED_TOKEN_COUNT');
    expect((await compressor.compress(over(conversation(200)))).status).toBe('COMPRESSED');
  });

  it.each(['', '  \n '])('an empty summary (%j) fails with COMPRESSION_FAILED_EMPTY_SUMMARY, history unchanged', async (empty) => {
    const history = conversation();
    const result = await createCompressor(scriptedSummarizer(empty)).compress(over(history));
    expect(result).toEqual({ status: 'COMPRESSION_FAILED_EMPTY_SUMMARY', history, originalTokenCount: 600, newTokenCount: 600 });
  });

  it('a summarizer error fails with COMPRESSION_FAILED_API_ERROR, history unchanged', async () => {
    const history = conversation();
    const result = await createCompressor(scriptedSummarizer(new Error('500 from the API'))).compress(over(history));
    expect(result).toEqual({ status: 'COMPRESSION_FAILED_API_ERROR', history, originalTokenCount: 600, newTokenCount: 600 });
  });

  it('an abort rejects with an AbortError instead of reporting a status', async () => {
    const controller = new AbortController();
    const compressor = createCompressor({
      summarize: () => {
        controller.abort();
        return Promise.reject(abortError());
      },
    });
    await expect(compressor.compress(over(conversation(), { signal: controller.signal }))).rejects.toMatchObject({ name: 'AbortError' });
    await expect(compressor.compress(over(conversation(), { signal: controller.signal }))).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('I5: consecutive summarizer failures (not only inflation) latch auto-compression', async () => {
    const summarizer = scriptedSummarizer(new Error('boom'), '', new Error('boom'), 'SUM');
    const compressor = createCompressor(summarizer);
    for (let attempt = 0; attempt < 3; attempt += 1) await compressor.compress(over(conversation()));
    expect(summarizer.calls).toHaveLength(3);
    expect((await compressor.compress(over(conversation()))).status).toBe('NOOP');
    expect(summarizer.calls).toHaveLength(3);
    expect((await compressor.compress(over(conversation(), { force: true }))).status).toBe('COMPRESSED');
  });

  it('a success in between resets the failure strikes', async () => {
    const summarizer = scriptedSummarizer(new Error('boom'), new Error('boom'), 'SUM', new Error('boom'), new Error('boom'), 'SUM');
    const compressor = createCompressor(summarizer);
    const statuses: string[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await compressor.compress(over(conversation()))).status);
    expect(statuses.at(-1)).toBe('COMPRESSED');
    expect(summarizer.calls).toHaveLength(6);
  });
});

describe('[CHOICE] no cut point (one long agentic turn)', () => {
  const longTurn = [user('task'), call('1'), response('1', 'line\n'.repeat(5000)), call('2'), response('2', 'short')];

  it('truncates oversized old tool output without summarizing: CONTENT_TRUNCATED', async () => {
    const summarizer = scriptedSummarizer('SUM');
    const compressor = createCompressor({ ...summarizer, config: { truncation: { functionResponseTokenBudget: 100 } } });
    const result = await compressor.compress(over(longTurn));
    expect(result.status).toBe('CONTENT_TRUNCATED');
    expect(result.history).toHaveLength(longTurn.length);
    expect(summarizer.calls).toHaveLength(0);
  });

  it('is a NOOP when there is nothing to truncate', async () => {
    const result = await createCompressor(scriptedSummarizer('SUM')).compress(over(longTurn));
    expect(result.status).toBe('NOOP');
    expect(result.history).toEqual(longTurn);
  });
});

/** Spec I4: the rapid-refill circuit breaker. */
import { describe, expect, it } from 'vitest';
import { createCompressor, MAX_CONSECUTIVE_RAPID_REFILLS, MODEL_CONTEXT_EXCEEDED_MESSAGE, RAPID_REFILL_TOOL_TURN_THRESHOLD } from './compressor';
import type { Compressor } from './compressor';
import { conversation, scriptedSummarizer, signal } from './compression-test-fixtures';

const history = conversation();
const needed = (compressor: Compressor, force = false) =>
  compressor.compress({ history, lastPromptTokenCount: 900, tokenLimit: 1000, force, signal });

describe('I4 rapid-refill circuit breaker', () => {
  it('constants', () => {
    expect(RAPID_REFILL_TOOL_TURN_THRESHOLD).toBe(3);
    expect(MAX_CONSECUTIVE_RAPID_REFILLS).toBe(3);
    expect(MODEL_CONTEXT_EXCEEDED_MESSAGE).toBe(
      "The conversation no longer fits the model's context: a file or tool output may be too large. Read files in chunks or start a new session.",
    );
  });

  it('compression after every single tool batch: #1–#3 succeed, the 4th is blocked; summarizer called 3 times', async () => {
    const summarizer = scriptedSummarizer('SUM');
    const compressor = createCompressor(summarizer);
    compressor.resetTurn();
    const statuses: string[] = [];
    for (let batch = 1; batch <= 6; batch += 1) {
      compressor.onToolBatchCompleted();
      const result = await needed(compressor);
      statuses.push(result.status);
      if (result.status === 'rapid_refill_blocked') {
        expect(result.history).toEqual(history);
        break;
      }
    }
    expect(statuses).toEqual(['COMPRESSED', 'COMPRESSED', 'COMPRESSED', 'rapid_refill_blocked']);
    expect(summarizer.calls).toHaveLength(3);
  });

  it('stays blocked for the rest of the turn; a new turn starts over', async () => {
    const compressor = createCompressor(scriptedSummarizer('SUM'));
    for (let compression = 0; compression < 3; compression += 1) await needed(compressor);
    expect((await needed(compressor)).status).toBe('rapid_refill_blocked');
    compressor.onToolBatchCompleted();
    expect((await needed(compressor)).status).toBe('rapid_refill_blocked');
    compressor.resetTurn();
    expect((await needed(compressor)).status).toBe('COMPRESSED');
  });

  it('variant: 3 or more tool batches between compressions never block', async () => {
    const summarizer = scriptedSummarizer('SUM');
    const compressor = createCompressor(summarizer);
    for (let compression = 0; compression < 10; compression += 1) {
      for (let batch = 0; batch < 3; batch += 1) compressor.onToolBatchCompleted();
      expect((await needed(compressor)).status).toBe('COMPRESSED');
    }
    expect(summarizer.calls).toHaveLength(10);
  });

  it('a slow refill resets the consecutive count', async () => {
    const compressor = createCompressor(scriptedSummarizer('SUM'));
    await needed(compressor); // 0
    compressor.onToolBatchCompleted();
    await needed(compressor); // 1
    compressor.onToolBatchCompleted();
    await needed(compressor); // 2
    for (let batch = 0; batch < 3; batch += 1) compressor.onToolBatchCompleted();
    await needed(compressor); // slow: back to 0
    compressor.onToolBatchCompleted();
    expect((await needed(compressor)).status).toBe('COMPRESSED'); // 1
    expect((await needed(compressor)).status).toBe('COMPRESSED'); // 2
    expect((await needed(compressor)).status).toBe('rapid_refill_blocked'); // 3
  });

  it('applies to forced (reactive overflow) compression too', async () => {
    const summarizer = scriptedSummarizer('SUM');
    const compressor = createCompressor(summarizer);
    for (let compression = 0; compression < 3; compression += 1) expect((await needed(compressor, true)).status).toBe('COMPRESSED');
    expect((await needed(compressor, true)).status).toBe('rapid_refill_blocked');
    expect(summarizer.calls).toHaveLength(3);
  });

  it('only needed compressions count: below the threshold nothing is tracked', async () => {
    const compressor = createCompressor(scriptedSummarizer('SUM'));
    for (let compression = 0; compression < 3; compression += 1) await needed(compressor);
    const below = await compressor.compress({ history, lastPromptTokenCount: 10, tokenLimit: 1000, force: false, signal });
    expect(below.status).toBe('NOOP');
  });

  it('failed compressions are not recorded as refills', async () => {
    const summarizer = scriptedSummarizer('SUM', 'SUM', new Error('x'), new Error('x'), 'SUM');
    const compressor = createCompressor({ ...summarizer, config: { maxConsecutiveSummaryFailures: 10 } });
    const statuses: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await needed(compressor)).status);
    expect(statuses).toEqual(['COMPRESSED', 'COMPRESSED', 'COMPRESSION_FAILED_API_ERROR', 'COMPRESSION_FAILED_API_ERROR', 'COMPRESSED']);
    expect((await needed(compressor)).status).toBe('rapid_refill_blocked');
  });

  it('thresholds are injectable', async () => {
    const compressor = createCompressor({ ...scriptedSummarizer('SUM'), config: { maxConsecutiveRapidRefills: 1 } });
    expect((await needed(compressor)).status).toBe('COMPRESSED');
    expect((await needed(compressor)).status).toBe('rapid_refill_blocked');
  });
});

import { describe, expect, it } from 'vitest';
import { PROGRESS_TEXT_MAX_CHARS } from './limits';
import { progressCounts, progressText } from './tool-display';

describe('progressText', () => {
  it('puts the counts before the message', () => {
    expect(progressText({ progress: 3, total: 5, message: ' Indexing ' })).toBe('3 / 5 · Indexing');
    expect(progressText({ progress: 3 })).toBe('3');
  });

  it("is at most PROGRESS_TEXT_MAX_CHARS, however long the server's message (a session document holds no more)", () => {
    const text = progressText({ progress: 1, total: 2, message: 'y'.repeat(10_000) });
    expect(text).toHaveLength(PROGRESS_TEXT_MAX_CHARS);
    expect(text.startsWith('1 / 2 · yyy')).toBe(true);
  });
});

describe('progressCounts', () => {
  it("gives the counts of progressText's words, never the message", () => {
    expect(progressCounts(progressText({ progress: 3, total: 5, message: 'Indexing · 2 / 9' }))).toBe('3 / 5');
    expect(progressCounts(progressText({ progress: 0.5 }))).toBe('0.5');
    expect(progressCounts(progressText({ progress: Number.NaN, message: '7 files left' }))).toBeUndefined();
    expect(progressCounts('Indexing')).toBeUndefined();
  });
});

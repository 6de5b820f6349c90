import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExecDeadline } from './exec-deadline';

describe('the exec deadline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires at the time limit when nothing is uncounted', () => {
    const deadline = createExecDeadline({ timeoutMs: 100 });
    vi.advanceTimersByTime(99);
    expect(deadline.reason()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(deadline.reason()).toBe('timeout');
    expect(deadline.signal.aborted).toBe(true);
  });

  it('moves on by the time it does not count, read again each time the limit is reached', () => {
    let uncounted = 0;
    const deadline = createExecDeadline({ timeoutMs: 100, uncountedMs: () => uncounted });
    // An engine loads for 150 ms of the first 100: the limit owes all of it.
    uncounted = 100;
    vi.advanceTimersByTime(100);
    expect(deadline.reason()).toBeNull();
    uncounted = 150;
    vi.advanceTimersByTime(100);
    expect(deadline.reason()).toBeNull();
    // It owes 50 ms more, looked at again after 100 at the earliest.
    vi.advanceTimersByTime(99);
    expect(deadline.reason()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(deadline.reason()).toBe('timeout');
  });

  it('looks at a load still under way at most every 100 ms, however little it owes each time', () => {
    let reads = 0;
    let uncounted = 0;
    const deadline = createExecDeadline({
      timeoutMs: 10,
      uncountedMs: () => {
        reads += 1;
        return uncounted;
      },
    });
    // The load began just before the limit and goes on for 2 s.
    uncounted = 1;
    vi.advanceTimersByTime(10);
    for (let at = 0; at < 2000; at += 10) {
      uncounted += 10;
      vi.advanceTimersByTime(10);
    }
    expect(deadline.reason()).toBeNull();
    expect(reads).toBeLessThanOrEqual(22);
    deadline.dispose();
  });

  it('still hears the caller’s abort while it owes time', () => {
    const controller = new AbortController();
    const deadline = createExecDeadline({ signal: controller.signal, timeoutMs: 100, uncountedMs: () => 1000 });
    vi.advanceTimersByTime(150);
    controller.abort();
    expect(deadline.reason()).toBe('abort');
    deadline.dispose();
  });
});

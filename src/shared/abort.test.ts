import { describe, expect, it } from 'vitest';
import { sleep, withTimeout } from './abort';

describe('sleep', () => {
  it('resolves after the delay', async () => {
    const started = Date.now();
    await sleep(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
  });

  it('rejects with an AbortError as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('withTimeout', () => {
  it('gives the timeout value when the promise never settles', async () => {
    const never = new Promise<string>(() => {});
    await expect(withTimeout(never, 10, () => 'timed out')).resolves.toBe('timed out');
  });

  it('gives the promise value when it settles first', async () => {
    await expect(withTimeout(Promise.resolve('done'), 1000, () => 'timed out')).resolves.toBe('done');
  });
});

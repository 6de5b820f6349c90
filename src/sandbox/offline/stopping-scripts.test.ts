import { describe, expect, it } from 'vitest';
import { ENGINE_LOAD_UNCOUNTED_MAX_MS, createStoppingScripts } from './stopping-scripts';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('engine loads the time limit does not count', () => {
  it('counts a load that is still going on up to now, and one that ended up to its end', async () => {
    let now = 1000;
    const scripts = createStoppingScripts(() => now);
    const load = deferred();
    scripts.loading(load.promise);
    now = 1400;
    expect(scripts.loadingMsSince(900)).toBe(400);
    load.resolve();
    await settle();
    now = 5000;
    expect(scripts.loadingMsSince(900)).toBe(400);
    // Only what falls after the command began.
    expect(scripts.loadingMsSince(1300)).toBe(100);
    expect(scripts.loadingMsSince(2000)).toBe(0);
  });

  it('counts loads that overlap once', async () => {
    let now = 0;
    const scripts = createStoppingScripts(() => now);
    const first = deferred();
    const second = deferred();
    scripts.loading(first.promise);
    now = 100;
    scripts.loading(second.promise);
    now = 300;
    first.resolve();
    await settle();
    now = 500;
    second.resolve();
    await settle();
    expect(scripts.loadingMsSince(0)).toBe(500);
  });

  it('counts out at most ENGINE_LOAD_UNCOUNTED_MAX_MS of one load, so a load that hangs is still stopped', () => {
    let now = 0;
    const scripts = createStoppingScripts(() => now);
    scripts.loading(new Promise(() => undefined));
    now = ENGINE_LOAD_UNCOUNTED_MAX_MS * 3;
    expect(scripts.loadingMsSince(0)).toBe(ENGINE_LOAD_UNCOUNTED_MAX_MS);
  });
});

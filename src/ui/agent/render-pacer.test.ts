import { describe, expect, it } from 'vitest';
import { createRenderPacer, MIN_FLUSH_INTERVAL_MS } from './render-pacer';

/** A manual clock with timers and animation frames (a frame runs when `frame()` is called). */
function fakeHost() {
  let now = 1000;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const frames = new Map<number, () => void>();
  return {
    host: {
      now: () => now,
      setTimer: (callback: () => void, ms: number) => (timers.set(nextId, { at: now + ms, callback }), nextId++),
      clearTimer: (handle: unknown) => void timers.delete(handle as number),
      requestFrame: (callback: () => void) => (frames.set(nextId, callback), nextId++),
      cancelFrame: (handle: unknown) => void frames.delete(handle as number),
    },
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.callback();
      }
    },
    frame() {
      const due = [...frames.values()];
      frames.clear();
      due.forEach((callback) => callback());
    },
  };
}

describe('render pacing', () => {
  it('renders at the next frame when nothing rendered lately, then at most every interval', () => {
    const clock = fakeHost();
    let renders = 0;
    const pacer = createRenderPacer(clock.host, () => renders++);
    pacer.queued(false);
    pacer.queued(false);
    clock.frame();
    expect(renders).toBe(1);
    pacer.queued(false);
    clock.frame();
    expect(renders).toBe(1);
    clock.advance(MIN_FLUSH_INTERVAL_MS - 1);
    clock.frame();
    expect(renders).toBe(1);
    clock.advance(1);
    clock.frame();
    expect(renders).toBe(2);
  });

  it('applies the end of a response at once, without waiting out the interval or the next frame', () => {
    const clock = fakeHost();
    let renders = 0;
    const pacer = createRenderPacer(clock.host, () => renders++);
    pacer.queued(false);
    clock.frame();
    clock.advance(5);
    pacer.queued(false);
    pacer.queued(true);
    expect(renders).toBe(2);
    clock.advance(MIN_FLUSH_INTERVAL_MS);
    clock.frame();
    expect(renders).toBe(2); // the cancelled timer does not render again
  });

  it('applies the end of a response at once while a frame is already requested, and only once', () => {
    const clock = fakeHost();
    let renders = 0;
    const pacer = createRenderPacer(clock.host, () => renders++);
    pacer.queued(false);
    pacer.queued(true);
    expect(renders).toBe(1);
    clock.frame();
    expect(renders).toBe(1); // the requested frame was cancelled
    clock.advance(1);
    pacer.queued(false);
    clock.advance(MIN_FLUSH_INTERVAL_MS);
    clock.frame();
    expect(renders).toBe(2); // the interval counts from the urgent render
  });

  it('renders nothing after it is disposed', () => {
    const clock = fakeHost();
    let renders = 0;
    const pacer = createRenderPacer(clock.host, () => renders++);
    pacer.queued(false);
    clock.frame();
    pacer.queued(false);
    pacer.dispose();
    clock.advance(MIN_FLUSH_INTERVAL_MS);
    clock.frame();
    expect(renders).toBe(1);
  });
});

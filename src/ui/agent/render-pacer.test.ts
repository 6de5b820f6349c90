import { describe, expect, it } from 'vitest';
import { createRenderPacer, LOOP_INTERVAL_MS, READING_INTERVAL_MS } from './render-pacer';

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
    pacer.queued('reading');
    pacer.queued('reading');
    clock.frame();
    expect(renders).toBe(1);
    pacer.queued('reading');
    clock.frame();
    expect(renders).toBe(1);
    clock.advance(READING_INTERVAL_MS - 1);
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
    pacer.queued('reading');
    clock.frame();
    clock.advance(5);
    pacer.queued('reading');
    pacer.queued('now');
    expect(renders).toBe(2);
    clock.advance(READING_INTERVAL_MS);
    clock.frame();
    expect(renders).toBe(2); // the cancelled timer does not render again
  });

  it('applies the end of a response at once while a frame is already requested, and only once', () => {
    const clock = fakeHost();
    let renders = 0;
    const pacer = createRenderPacer(clock.host, () => renders++);
    pacer.queued('reading');
    pacer.queued('now');
    expect(renders).toBe(1);
    clock.frame();
    expect(renders).toBe(1); // the requested frame was cancelled
    clock.advance(1);
    pacer.queued('reading');
    clock.advance(READING_INTERVAL_MS);
    clock.frame();
    expect(renders).toBe(2); // the interval counts from the urgent render
  });

  it("renders the loop's events at the next frame after a quiet spell, then at most every loop interval while they pour in", () => {
    const clock = fakeHost();
    let renders = 0;
    const pacer = createRenderPacer(clock.host, () => renders++);
    pacer.queued('loop');
    clock.frame();
    expect(renders).toBe(1);
    for (let step = 0; step < 10; step++) {
      clock.advance(10);
      pacer.queued('loop');
      clock.frame();
    }
    expect(renders).toBe(1); // 100 ms of a busy loop: still waiting
    clock.advance(LOOP_INTERVAL_MS - 100);
    clock.frame();
    expect(renders).toBe(2);
    clock.advance(LOOP_INTERVAL_MS);
    pacer.queued('loop');
    clock.frame();
    expect(renders).toBe(3); // a quiet spell as long as the interval: at the next frame
  });

  it('brings a waiting render forward when streamed words arrive, and never renders twice for one wait', () => {
    const clock = fakeHost();
    let renders = 0;
    const pacer = createRenderPacer(clock.host, () => renders++);
    pacer.queued('loop');
    clock.frame();
    clock.advance(5);
    pacer.queued('loop');
    pacer.queued('reading');
    clock.advance(READING_INTERVAL_MS - 5);
    clock.frame();
    expect(renders).toBe(2);
    clock.advance(LOOP_INTERVAL_MS);
    clock.frame();
    expect(renders).toBe(2); // the loop's timer was replaced, not kept beside
    pacer.queued('reading');
    pacer.queued('loop'); // a later timer does not push the reading render back
    clock.frame();
    expect(renders).toBe(3);
  });

  it('renders nothing after it is disposed', () => {
    const clock = fakeHost();
    let renders = 0;
    const pacer = createRenderPacer(clock.host, () => renders++);
    pacer.queued('reading');
    clock.frame();
    pacer.queued('reading');
    pacer.dispose();
    clock.advance(READING_INTERVAL_MS);
    clock.frame();
    expect(renders).toBe(1);
  });
});

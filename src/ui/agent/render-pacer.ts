/**
 * When queued worker events are applied: once an animation frame, and at most every
 * MIN_FLUSH_INTERVAL_MS while events pour in (each render of a long transcript costs the page
 * a paint), except that an urgent event (marked by the worker, worker/urgency.ts: the end of
 * an answer, an approval) is applied at once: a person waiting for an answer's last words should
 * not wait out the interval, nor the next frame (React then renders on a task of its own, so
 * the text is in the page for the frame after it).
 */

/** Renders at most this often while events pour in (a busy loop makes ~100 events a second). */
export const MIN_FLUSH_INTERVAL_MS = 50;

export interface PacerHost {
  now(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  requestFrame(callback: () => void): unknown;
  cancelFrame(handle: unknown): void;
}

export interface RenderPacer {
  /** Something was queued; `urgent` applies everything queued now, regardless of the interval. */
  queued(urgent: boolean): void;
  dispose(): void;
}

export function createRenderPacer(host: PacerHost, flush: () => void): RenderPacer {
  let lastFlush = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;
  let frame: unknown = null;
  const flushNow = () => {
    lastFlush = host.now();
    flush();
  };
  const onFrame = () => {
    frame = null;
    flushNow();
  };
  const cancel = () => {
    if (frame !== null) host.cancelFrame(frame);
    if (timer !== null) host.clearTimer(timer);
    frame = null;
    timer = null;
  };
  const toFrame = () => {
    timer = null;
    frame = host.requestFrame(onFrame);
  };
  return {
    queued(urgent) {
      if (urgent) {
        cancel();
        flushNow();
        return;
      }
      if (frame !== null || timer !== null) return;
      const wait = MIN_FLUSH_INTERVAL_MS - (host.now() - lastFlush);
      if (wait > 0) timer = host.setTimer(toFrame, wait);
      else toFrame();
    },
    dispose: cancel,
  };
}

/**
 * When queued worker events are applied. Each render of the panel costs the page's main thread
 * work (React, then style, layout and paint of the transcript), and on a machine whose cores are
 * all busy that work is taken from the agent worker and the browser's network and storage
 * threads the loop waits on (docs/measurements.md, issue 40). So:
 * - `now`: an event a person waits to see (marked by the worker, worker/urgency.ts: the end of an
 *   answer, an approval) is applied at once, without waiting for an interval or the next frame
 *   (React then renders on a task of its own, so the text is in the page for the frame after it);
 * - `reading`: streamed words (an answer's text, a thought) render at the next frame, at most
 *   every READING_INTERVAL_MS, so a stream reads smoothly;
 * - `loop`: the rest of the loop's events (cards and their states, round trips, stored entries)
 *   render at the next frame when nothing rendered for LOOP_INTERVAL_MS, else once that long after
 *   the last render: a loop waiting on a model shows each step as it comes; a loop racing through
 *   round trips (a fast model, a replay at Instant) renders a few times a second instead of once
 *   a round trip.
 */

/** Renders at most this often while streamed words pour in. */
export const READING_INTERVAL_MS = 50;
/** Renders at most this often while the loop's other events pour in (a fast loop makes ~100 a second). */
export const LOOP_INTERVAL_MS = 200;

export type Pace = 'now' | 'reading' | 'loop';

export interface PacerHost {
  now(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  requestFrame(callback: () => void): unknown;
  cancelFrame(handle: unknown): void;
}

export interface RenderPacer {
  /** Something was queued, at this pace; `now` applies everything queued at once. */
  queued(pace: Pace): void;
  dispose(): void;
}

export function createRenderPacer(host: PacerHost, flush: () => void): RenderPacer {
  let lastFlush = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;
  /** When the pending timer fires (host time), to let a quicker pace bring it forward. */
  let timerAt = Number.POSITIVE_INFINITY;
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
    timerAt = Number.POSITIVE_INFINITY;
  };
  const toFrame = () => {
    timer = null;
    timerAt = Number.POSITIVE_INFINITY;
    frame = host.requestFrame(onFrame);
  };
  return {
    queued(pace) {
      if (pace === 'now') {
        cancel();
        flushNow();
        return;
      }
      if (frame !== null) return;
      const interval = pace === 'reading' ? READING_INTERVAL_MS : LOOP_INTERVAL_MS;
      const at = lastFlush + interval;
      if (timer !== null) {
        if (at >= timerAt) return;
        host.clearTimer(timer);
        timer = null;
      }
      const wait = at - host.now();
      if (wait > 0) {
        timer = host.setTimer(toFrame, wait);
        timerAt = at;
      } else toFrame();
    },
    dispose: cancel,
  };
}

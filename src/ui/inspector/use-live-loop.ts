/**
 * Where each session's loop is now, for the Diagram: the worker's events folded by
 * `liveLoopStep` (loop-diagram-model.ts). The Loop inspector is drawn only while its view is
 * open, and a run's events go by once, so one tracker per worker client listens from the
 * moment the centre of the page mounts (`useLoopTracking`); the Diagram reads it
 * (`useLiveLoop`). Deliberately no unsubscribe: the client lives as long as the page.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { WorkerClient } from '../../worker/client';
import type { WorkerEvent } from '../../worker/protocol';
import { initialLiveLoop, liveLoopStep } from './loop-diagram-model';
import type { LiveLoop } from './loop-diagram-model';

interface LoopTracker {
  get(sessionId: string): LiveLoop;
  subscribe(listener: () => void): () => void;
}

const trackers = new WeakMap<WorkerClient, LoopTracker>();

/** The session an event is about, if it names one. */
function sessionOf(event: WorkerEvent): string | null {
  if (event.type === 'session-loaded') return event.session.sessionId;
  return 'sessionId' in event && typeof event.sessionId === 'string' ? event.sessionId : null;
}

function trackerOf(client: WorkerClient): LoopTracker {
  let tracker = trackers.get(client);
  if (tracker) return tracker;
  const loops = new Map<string, LiveLoop>();
  /** What the Diagram was last told of each session: it changes only with what the Diagram shows. */
  const shown = new Map<string, LiveLoop>();
  const listeners = new Set<() => void>();
  client.subscribe((event) => {
    const sessionId = sessionOf(event);
    if (sessionId === null) return;
    const before = loops.get(sessionId) ?? initialLiveLoop;
    const after = liveLoopStep(before, sessionId, event);
    if (after === before) return;
    loops.set(sessionId, after);
    // The batch's statuses matter to the next step only: a change the Diagram does not show draws nothing.
    if (after.current === before.current && after.running === before.running && after.pause === before.pause && after.ended === before.ended) return;
    shown.set(sessionId, after);
    for (const listener of listeners) listener();
  });
  tracker = {
    get: (sessionId) => shown.get(sessionId) ?? initialLiveLoop,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  trackers.set(client, tracker);
  return tracker;
}

/** Starts following the loop of every session the client reports on (the centre of the page calls it once). */
export function useLoopTracking(client: WorkerClient): void {
  useEffect(() => void trackerOf(client), [client]);
}

/** The live loop of `sessionId`; without a client (the inspector shown on its own), the loop at rest. */
export function useLiveLoop(client: WorkerClient | undefined, sessionId: string): LiveLoop {
  const tracker = client ? trackerOf(client) : null;
  const subscribe = useCallback((listener: () => void) => tracker?.subscribe(listener) ?? (() => undefined), [tracker]);
  const snapshot = () => tracker?.get(sessionId) ?? initialLiveLoop;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

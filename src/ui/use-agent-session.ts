/**
 * The thin hook over sessionReducer: subscribes to the worker client and applies its
 * events in one batch per animation frame, so a fast stream renders once a frame rather
 * than once a chunk (keeps main-thread tasks short while streaming).
 */
import { useEffect, useReducer, useRef } from 'react';
import type { WorkerClient } from '../worker/client';
import type { WorkerEvent } from '../worker/protocol';
import type { SessionAction, SessionView } from './session-reducer';
import { initialSessionView, sessionReducer } from './session-reducer';

/** Renders at most this often while events pour in (a busy loop makes ~100 events a second). */
const MIN_FLUSH_INTERVAL_MS = 50;

function batchReducer(state: SessionView, actions: SessionAction[]): SessionView {
  return actions.reduce(sessionReducer, state);
}

function toAction(event: WorkerEvent): SessionAction | null {
  switch (event.type) {
    case 'session-loaded':
      return { type: 'session-loaded', session: event.session };
    case 'agent-event':
      return { type: 'agent-event', event: event.event };
    case 'running':
      return { type: 'running', running: event.running };
    case 'paused':
      return { type: 'paused', pause: event.pause };
    case 'notice':
      return { type: 'notice', level: event.level, message: event.message };
    case 'files-changed':
    case 'response':
    case 'provider':
    case 'terminal-output':
    case 'terminal-exit':
    case 'server-ready':
      return null;
  }
}

export function useAgentSession(client: WorkerClient): [SessionView, (action: SessionAction) => void] {
  const [state, dispatchBatch] = useReducer(batchReducer, initialSessionView);
  const queue = useRef<SessionAction[]>([]);
  const frame = useRef<number | null>(null);

  useEffect(() => {
    let lastFlush = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      frame.current = null;
      lastFlush = performance.now();
      const actions = queue.current;
      queue.current = [];
      if (actions.length > 0) dispatchBatch(actions);
    };
    const schedule = () => {
      timer = null;
      frame.current = requestAnimationFrame(flush);
    };
    const unsubscribe = client.subscribe((event) => {
      const action = toAction(event);
      if (!action) return;
      queue.current.push(action);
      if (frame.current !== null || timer !== null) return;
      const wait = MIN_FLUSH_INTERVAL_MS - (performance.now() - lastFlush);
      if (wait > 0) timer = setTimeout(schedule, wait);
      else schedule();
    });
    return () => {
      unsubscribe();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      if (timer !== null) clearTimeout(timer);
    };
  }, [client]);

  const dispatch = (action: SessionAction) => dispatchBatch([action]);
  return [state, dispatch];
}

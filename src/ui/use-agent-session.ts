/**
 * The thin hook over sessionReducer: subscribes to the worker client and applies its
 * events in batches paced by render-pacer.ts, so a fast stream renders a few times a second
 * rather than once a chunk (keeps main-thread tasks short while streaming).
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { WorkerClient } from '../worker/client';
import { endsModelResponse } from '../worker/protocol';
import type { WorkerEvent } from '../worker/protocol';
import type { SessionAction, SessionView } from './session-reducer';
import { createRenderPacer } from './render-pacer';
import { initialSessionView, sessionReducer } from './session-reducer';

function batchReducer(state: SessionView, actions: SessionAction[]): SessionView {
  return actions.reduce(sessionReducer, state);
}

function toAction(event: WorkerEvent): SessionAction | null {
  switch (event.type) {
    case 'session_loaded':
      return { type: 'session_loaded', session: event.session };
    case 'session_earlier':
      return { type: 'session_earlier', sessionId: event.sessionId, history: event.history };
    case 'agent_event':
      return { type: 'agent_event', event: event.event };
    case 'running':
      return event.interruption ? { type: 'running', running: event.running, interruption: event.interruption } : { type: 'running', running: event.running };
    case 'paused':
      return { type: 'paused', pause: event.pause };
    case 'session_elsewhere':
      return { type: 'session_elsewhere', sessionId: event.sessionId };
    case 'replay':
    case 'user_message':
      return event;
    case 'notice':
      return { type: 'notice', level: event.level, message: event.message };
    case 'files_changed':
    case 'import_progress':
    case 'response':
    case 'provider':
    case 'terminal_output':
    case 'terminal_exit':
    case 'server_ready':
      return null;
  }
}

export function useAgentSession(client: WorkerClient): [SessionView, (action: SessionAction) => void] {
  const [state, dispatchBatch] = useReducer(batchReducer, initialSessionView);
  /** Worker events waiting for the next paced render. */
  const queue = useRef<SessionAction[]>([]);

  useEffect(() => {
    const pacer = createRenderPacer(
      {
        now: () => performance.now(),
        setTimer: (callback, ms) => setTimeout(callback, ms),
        clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
        requestFrame: (callback) => requestAnimationFrame(callback),
        cancelFrame: (handle) => cancelAnimationFrame(handle as number),
      },
      () => {
        const actions = queue.current;
        queue.current = [];
        if (actions.length > 0) dispatchBatch(actions);
      },
    );
    const unsubscribe = client.subscribe((event) => {
      const action = toAction(event);
      if (!action) return;
      queue.current.push(action);
      pacer.queued(action.type === 'agent_event' && endsModelResponse(action.event));
    });
    return () => {
      unsubscribe();
      pacer.dispose();
    };
  }, [client]);

  // The page's own actions come after every worker event already received (a send's answer can
  // arrive in the same message as the session it was sent to, whose events still wait for the pacer).
  const dispatch = useCallback((action: SessionAction) => {
    const actions = [...queue.current, action];
    queue.current = [];
    dispatchBatch(actions);
  }, []);
  return [state, dispatch];
}

/**
 * The thin hook over sessionReducer: subscribes to the worker client and applies the events
 * the panel reads, as posted, in batches paced by render-pacer.ts, so a fast stream renders a few times a second
 * rather than once a chunk (keeps main-thread tasks short while streaming).
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { WorkerClient } from '../../worker/client';
import type { PanelEvent, SessionAction, SessionView } from './session-reducer';
import { createRenderPacer } from './render-pacer';
import type { Pace } from './render-pacer';
import { initialSessionView, isPanelEvent, sessionReducer } from './session-reducer';

/**
 * How soon a worker event is shown (render-pacer.ts): at once when marked urgent; streamed words,
 * and what the page itself asked for (a session opened, a pause), at the next frame; the rest of
 * the loop's events a few times a second while they pour in.
 */
export function paceOf(event: PanelEvent): Pace {
  if (event.type !== 'agent-event') return 'reading';
  if (event.urgent === true) return 'now';
  return event.event.type === 'content' || event.event.type === 'thought' ? 'reading' : 'loop';
}

function batchReducer(state: SessionView, actions: SessionAction[]): SessionView {
  return actions.reduce(sessionReducer, state);
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
      if (!isPanelEvent(event)) return;
      queue.current.push(event);
      pacer.queued(paceOf(event));
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

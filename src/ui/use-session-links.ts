/**
 * Opens a session link: the one the page was opened with, and one pasted into this tab's
 * address bar later (only the fragment changes, so the page does not reload). The fragment is
 * taken off the address at once, so a reload does not open it again and the session's data
 * does not stay in the address bar. A link that cannot be read leaves one alert and changes
 * nothing else.
 */
import { useEffect } from 'react';
import { isSessionLink } from '../share/link-prefix';
import type { WorkerClient } from '../worker/client';
import type { SessionAction } from './agent/session-reducer';

export function useSessionLinks(client: WorkerClient, dispatch: (action: SessionAction) => void): void {
  useEffect(() => {
    const openFromAddress = () => {
      const fragment = window.location.hash;
      if (!isSessionLink(fragment)) return;
      history.replaceState(history.state, '', `${window.location.pathname}${window.location.search}`);
      void client.request({ type: 'open-shared', source: { kind: 'link', fragment } }).then((answer) => {
        if (!answer.ok) dispatch({ type: 'notice', level: 'error', message: `The shared session could not be opened. ${answer.error.message}` });
      });
    };
    openFromAddress();
    window.addEventListener('hashchange', openFromAddress);
    return () => window.removeEventListener('hashchange', openFromAddress);
  }, [client, dispatch]);
}

/**
 * Opens a session link: the one the page was opened with, and one pasted into this tab's
 * address bar later (only the fragment changes, so the page does not reload). The fragment is
 * taken off the address at once, so a reload does not open it again and the session's data
 * does not stay in the address bar. A link that cannot be read leaves one alert and changes
 * nothing else. A link to an encrypted Gist is fetched from GitHub first, which can take a
 * while: until it opens or fails, the hook answers a line saying so (shown as a status).
 */
import { useEffect, useState } from 'react';
import { isGistLink, isSessionLink } from '../share/link-prefix';
import type { WorkerClient } from '../worker/client';
import type { SessionAction } from './agent/session-reducer';

const GIST_OPENING = 'Opening the shared session: fetching its encrypted Gist from GitHub…';

/** Opens the links; answers what is being opened meanwhile (a Gist link), else null. */
export function useSessionLinks(client: WorkerClient, dispatch: (action: SessionAction) => void): string | null {
  const [opening, setOpening] = useState(0);
  useEffect(() => {
    const openFromAddress = () => {
      const fragment = window.location.hash;
      if (!isSessionLink(fragment)) return;
      history.replaceState(history.state, '', `${window.location.pathname}${window.location.search}`);
      const fetched = isGistLink(fragment);
      if (fetched) setOpening((count) => count + 1);
      void client.request({ type: 'open-shared', source: { kind: 'link', fragment } }).then((answer) => {
        if (fetched) setOpening((count) => count - 1);
        if (!answer.ok) dispatch({ type: 'notice', level: 'error', message: `The shared session could not be opened. ${answer.error.message}` });
      });
    };
    openFromAddress();
    window.addEventListener('hashchange', openFromAddress);
    return () => window.removeEventListener('hashchange', openFromAddress);
  }, [client, dispatch]);
  return opening > 0 ? GIST_OPENING : null;
}

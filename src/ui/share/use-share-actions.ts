/**
 * Sharing's requests to the worker: the session packed as a link (Share session), the session
 * file downloaded, a session file opened (Import → Open session file), and the session's
 * OpenTelemetry trace (Export → OpenTelemetry trace…). The worker makes every document; the
 * dialogs and menus show the answers.
 */
import { useMemo } from 'react';
import type { WorkerClient } from '../../worker/client';
import { downloadSessionFile } from '../files/download';

export type ShareActions = ReturnType<typeof useShareActions>;

/** `sessionId`: the session on screen (the trace's), or null before one is open. */
export function useShareActions(client: WorkerClient, sessionId: string | null = null) {
  return useMemo(
    () => ({
      /** The open session as a link's fragment (and its sizes), or why it could not be packed. */
      exportLink: () => client.request({ type: 'export-session', as: 'link' }),
      /** The open session sealed in a new secret Gist (Share as encrypted Gist): the link's fragment, or why not. */
      shareGist: () => client.request({ type: 'share-gist' }),
      /** Downloads the session file; resolves with why it could not be made, if so. */
      downloadSessionFile: () => downloadSessionFile(client),
      /** Opens a session file's text as a read-only shared session, as a link does. */
      openSessionFile: (name: string, text: string) => client.request({ type: 'open-shared', source: { kind: 'file', name, text } }),
      exportTrace: (includeMessages: boolean) => client.request({ type: 'export-trace', sessionId: client.sessionTarget(sessionId), includeMessages }),
    }),
    [client, sessionId],
  );
}

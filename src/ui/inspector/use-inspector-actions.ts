/**
 * The Loop inspector's requests to the worker: a round-trip's note saved or deleted, and Edit
 * reply and fork (the fork opens when made). Without a worker client (the inspector shown on
 * its own) there are none, and the inspector offers neither.
 */
import { useMemo } from 'react';
import type { WorkerClient } from '../../worker/client';
import type { RequestFork } from '../transcript/fork-edit-dialog';
import type { SaveNote } from '../transcript/step-note';

export interface InspectorActions {
  saveNote: SaveNote;
  fork: RequestFork;
}

export function useInspectorActions(client: WorkerClient | undefined, sessionId: string): InspectorActions | null {
  return useMemo(
    () =>
      client
        ? {
            saveNote: (anchor, text) => client.request({ type: 'set-note', sessionId: client.sessionTarget(sessionId), anchor, text }),
            fork: (at, { edit, currentFiles = false } = {}) =>
              client.request({ type: 'fork', sessionId: client.sessionTarget(sessionId), at, ...(edit ? { edit } : {}), ...(currentFiles ? { currentFiles: true } : {}) }),
          }
        : null,
    [client, sessionId],
  );
}

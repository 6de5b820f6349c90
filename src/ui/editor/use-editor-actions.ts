/**
 * The centre views' requests to the worker: the editor's saves, and the Terminal's shell (start
 * one, type into it, resize it, and its output). Made once per session on screen, so the views
 * that depend on it (the terminal's xterm) start again only when the session changes.
 */
import { useMemo } from 'react';
import type { WorkerClient } from '../../worker/client';
import type { WorkerEvent } from '../../worker/protocol';

/** What the shell prints, and that it ended. */
export type TerminalEvent = Extract<WorkerEvent, { type: 'terminal-output' | 'terminal-exit' }>;

export type EditorActions = ReturnType<typeof useEditorActions>;

/** `sessionId`: the session on screen ('' before one is open). */
export function useEditorActions(client: WorkerClient, sessionId: string) {
  return useMemo(
    () => ({
      /**
       * Saved only when the worker answers that the store has it (the editor waits for the answer).
       * Each save names its session: the last save of an editor closing on a session switch lands there.
       */
      saveFile: (path: string, text: string) => client.request({ type: 'write-file', sessionId: sessionId || null, path, content: text }),
      terminal: {
        start: (columns: number, rows: number) => client.request({ type: 'terminal-start', sessionId: client.sessionTarget(sessionId), columns, rows }),
        input: (text: string) => client.send({ type: 'terminal-input', text }),
        resize: (columns: number, rows: number) => client.send({ type: 'terminal-resize', columns, rows }),
        /** Calls `listener` with the shell's output and exit; answers the unsubscribe. */
        watch: (listener: (event: TerminalEvent) => void) =>
          client.subscribe((event) => {
            if (event.type === 'terminal-output' || event.type === 'terminal-exit') listener(event);
          }),
      },
    }),
    [client, sessionId],
  );
}

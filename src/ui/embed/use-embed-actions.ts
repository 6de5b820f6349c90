/**
 * The embedded player's requests to its worker: the session link it was given, opened as a
 * read-only shared session, and the replay's commands. Nothing else: the player sends no
 * message, edits no file and opens no terminal (docs/architecture.md, "An embed is the app with ?embed").
 */
import { useMemo } from 'react';
import type { ReplayCommand } from '../../shared/replay';
import type { WorkerClient } from '../../worker/client';

export type EmbedActions = ReturnType<typeof useEmbedActions>;

export function useEmbedActions(client: WorkerClient, said: (problem: string) => void) {
  return useMemo(
    () => ({
      /** Opens the link's session; a link that cannot be read is said, and nothing else changes. */
      open: (fragment: string) =>
        void client.request({ type: 'open-shared', source: { kind: 'link', fragment } }).then((answer) => {
          if (!answer.ok) said(`The shared session could not be opened. ${answer.error.message}`);
        }),
      /** The session's title, notes and round-trips (the player reads no database); null when they could not be read. */
      read: (sessionId: string) => client.request({ type: 'embed-session', sessionId }).then((answer) => (answer.ok ? answer.value : null)),
      /** Replay, Play, Pause, Next step, Speed, Pause at notes; a refusal is said. */
      replay: (command: ReplayCommand) =>
        void client.request({ type: 'replay', command }).then((answer) => {
          if (!answer.ok) said(answer.error.message);
        }),
    }),
    [client, said],
  );
}

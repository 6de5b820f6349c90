/**
 * The agent panel's requests to the worker: a message sent now, or queued while the agent works
 * and sent when the run ends (never dropped), or sent to steer the run (agent/steering.ts); Stop; approvals; Restore; notes; forks; Compress,
 * Next step, Take over, Continue; replay commands; a recorded lesson; and the prompt's commands
 * that reach the worker. A refusal becomes a notice in the transcript (`dispatch`). The person's
 * unsaved edits are saved (`flushRef`) before a message or Continue goes out, so the agent's
 * tools see them. The panel (agent-panel.tsx) only renders and calls these.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MutableRefObject } from 'react';
import type { ApprovalOutcome } from '../../agent/types';
import type { ForkPoint } from '../../shared/fork-point';
import { newId } from '../../shared/ids';
import type { ReplayCommand } from '../../shared/replay';
import type { WorkerClient, WorkerResponse } from '../../worker/client';
import { downloadSessionFile } from '../files/download';
import type { RequestFork } from '../transcript/fork-edit-dialog';
import type { SaveNote } from '../transcript/step-note';
import type { CommandContext } from './prompt-commands';
import type { SessionAction, SessionView } from './session-reducer';
import { forgetUnsent, keepUnsent } from './unsent-message';
import { attachedImages, withAttachedElements } from './prompt-attachments';
import type { PromptAttachment } from './prompt-attachments';
import type { PromptImage } from '../../shared/prompt-images';

export interface AgentActionsOptions {
  client: WorkerClient;
  view: SessionView;
  dispatch: (action: SessionAction) => void;
  /** Saves the editor's unsaved edits at once; called before a message or Continue goes out. */
  flushRef?: MutableRefObject<(() => void) | null> | undefined;
}

/** A message waiting for the run to end, and how its send settles (true once the worker took it). */
export interface QueuedMessage {
  text: string;
  /** The images attached to it: they wait and go with it. */
  images: PromptImage[];
  settle: (accepted: boolean) => void;
}

export type AgentActions = ReturnType<typeof useAgentActions>;

export function useAgentActions({ client, view, dispatch, flushRef }: AgentActionsOptions) {
  const error = useCallback((message: string) => dispatch({ type: 'notice', level: 'error', message }), [dispatch]);
  const notify = useCallback((message: string) => dispatch({ type: 'notice', level: 'info', message }), [dispatch]);
  /** A request whose refusal the transcript shows. */
  const said = (answer: WorkerResponse) => {
    if (!answer.ok) error(answer.error.message);
  };

  /**
   * A message sent while the agent works (its answer may already show while the run stores it)
   * waits here, said in a status line, and goes as soon as the run ends: never dropped. Stop
   * gives it back to the prompt; so does opening another session.
   */
  const [queued, setQueued] = useState<QueuedMessage | null>(null);
  const unqueue = useCallback(() => {
    if (!queued) return;
    forgetUnsent();
    queued.settle(false);
    setQueued(null);
  }, [queued]);
  const stop = useCallback(() => {
    unqueue();
    client.send({ type: 'stop' });
  }, [client, unqueue]);

  /**
   * Shown at once. Before the first session is open (the sandbox is still starting) the worker
   * holds the message and runs it once it can; if the worker refuses it (a session is opening,
   * the agent just got busy, it could not start), it is taken back with an alert.
   * `sessionId`: the session the message was written in (a queued one), else the one on screen.
   */
  const sendNow = async (text: string, images: PromptImage[], sessionId = client.sessionTarget(view.sessionId)): Promise<boolean> => {
    keepUnsent(text, images);
    dispatch({ type: 'local-send', text, ...(images.length > 0 ? { images } : {}) });
    flushRef?.current?.();
    const answer = await client.request({ type: 'send', sessionId, text, ...(images.length > 0 ? { images } : {}) });
    forgetUnsent();
    if (answer.ok) {
      dispatch({ type: 'send-accepted' });
      return true;
    }
    dispatch({ type: 'send-refused', text, message: answer.error.message });
    return false;
  };
  /** Resolves true once the worker has the message, false when it was refused or given back. Attached images go with it. */
  const send = (text: string, attachments: readonly PromptAttachment[] = []): Promise<boolean> => {
    if (view.waitingMessage !== null || queued !== null) return Promise.resolve(false);
    const images = attachedImages(attachments);
    const full = withAttachedElements(text, attachments);
    if (!view.running) return sendNow(full, images);
    keepUnsent(full, images);
    return new Promise<boolean>((settle) => setQueued({ text: full, images, settle }));
  };
  /**
   * A steering message: shown as waiting at once, taken by the run under way. One the worker
   * refuses because the run has just ended goes as a message instead (queued if another run
   * started); any other refusal gives it back to the prompt (false), with why.
   */
  const steer = async (text: string, attachments: readonly PromptAttachment[] = []): Promise<boolean> => {
    const id = newId('steer');
    const images = attachedImages(attachments);
    const withImages = images.length > 0 ? { images } : {};
    const full = withAttachedElements(text, attachments);
    dispatch({ type: 'steer-local', id, text: full, ...withImages });
    flushRef?.current?.();
    const answer = await client.request({ type: 'steer', sessionId: client.sessionTarget(view.sessionId), steerId: id, text: full, ...withImages });
    if (answer.ok) return true;
    dispatch({ type: 'steer-refused', id });
    if (answer.error.kind === 'not-running') return send(text, attachments);
    error(`Your steering message was not sent: ${answer.error.message}`);
    return false;
  };
  const queuedFor = useRef(view.sessionId);
  useEffect(() => {
    if (!queued) return;
    if (queuedFor.current !== view.sessionId) return unqueue(); // another session is on screen: the message comes back
    if (view.running || view.sessionId === null) return;
    setQueued(null);
    // Named for the session it was written in: if another one opened meanwhile (its run stopped
    // before the switch showed), the worker refuses it and the text comes back with why.
    void sendNow(queued.text, queued.images, queuedFor.current).then(queued.settle);
  }); // after every render: the run's end, a switch
  useEffect(() => {
    if (!queued) queuedFor.current = view.sessionId;
  });

  // Loop detection turned off in this session: the alerts no longer offer it. Opening a
  // session (again) starts with detection on, in the worker and here.
  const [loopDetectionOffIn, setLoopDetectionOffIn] = useState<string | null>(null);
  useEffect(() => setLoopDetectionOffIn(null), [view.sessionId]);
  const disableLoopDetection = useCallback(() => {
    setLoopDetectionOffIn(view.sessionId);
    client.send({ type: 'disable-loop-detection', sessionId: view.sessionId });
  }, [client, view.sessionId]);

  const restore = useCallback(
    (checkpointIds: string[]) => client.send({ type: 'restore-checkpoints', sessionId: view.sessionId, checkpointIds }),
    [client, view.sessionId],
  );
  const saveNote: SaveNote = useCallback(
    (anchor: string, text: string | null) => client.request({ type: 'set-note', sessionId: client.sessionTarget(view.sessionId), anchor, text }),
    [client, view.sessionId],
  );
  /** Fork from here (and Edit … and fork): the answer is the caller's to show (fork-controls.tsx). */
  const fork: RequestFork = useCallback(
    (at: ForkPoint, { edit, currentFiles = false } = {}) =>
      client.request({ type: 'fork', sessionId: client.sessionTarget(view.sessionId), at, ...(edit ? { edit } : {}), ...(currentFiles ? { currentFiles: true } : {}) }),
    [client, view.sessionId],
  );
  const replay = (command: ReplayCommand) => void client.request({ type: 'replay', command }).then(said);

  return {
    queued,
    send,
    steer,
    stop,
    /** Null once turned off in this session: the alerts stop offering it. */
    disableLoopDetection: loopDetectionOffIn === view.sessionId ? null : disableLoopDetection,
    restore,
    saveNote,
    fork,
    /** A refused fork or replay, shown in the transcript. */
    error,
    decide: (callId: string, outcome: ApprovalOutcome) => client.send({ type: 'approval-response', callId, outcome }),
    nextStep: (step: number) => client.send({ type: 'next-step', step }),
    compress: () => client.send({ type: 'compress', sessionId: view.sessionId }),
    takeOver: () => client.send({ type: 'take-over' }),
    continueRun: () => {
      flushRef?.current?.();
      client.send({ type: 'continue', sessionId: view.sessionId });
    },
    replay,
    /** A shared session copied as one's own (the shared session bar's Fork). */
    forkShared: () => void client.request({ type: 'fork', sessionId: client.sessionTarget(view.sessionId) }).then(said),
    /** The session a fork came from (its title in "Forked from …"). */
    openSession: (sessionId: string) => client.send({ type: 'open-session', sessionId }),
    openLesson: (id: string) =>
      void client.request({ type: 'open-shared', source: { kind: 'lesson', id } }).then((answer) => {
        if (!answer.ok) error(`The lesson could not be opened: ${answer.error.message}`);
      }),
    notify,
    /** What the prompt's commands (`/new`, `/compress`, `/export`) ask of the worker. */
    commands: {
      newSession: () => client.send({ type: 'new-session' }),
      compress: () =>
        void client.request({ type: 'compress', sessionId: view.sessionId }).then((answer) => {
          if (!answer.ok) notify(`/compress: ${answer.error.message}`);
        }),
      downloadSessionFile: () =>
        void downloadSessionFile(client).then((failed) => {
          if (failed) notify(`/export: the session file could not be made: ${failed}`);
        }),
    } satisfies Pick<CommandContext, 'newSession' | 'compress' | 'downloadSessionFile'>,
  };
}

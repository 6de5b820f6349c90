/**
 * The session controller's sharing side: Share link and session file out, links and files
 * in, Fork, and Replay (replay.ts). A session opened from a link or file is read-only: what
 * would change it is refused with a way forward (Fork), and only a replay runs in it.
 */
import type { AgentEvent } from '../../agent/types';
import type { LanguageModel } from '../../model/types';
import type { AppError } from '../../shared/errors';
import type { LoopscopeDb } from '../../store/db';
import { getSharedSession } from '../../store/shared-sessions';
import type { SessionRecord } from '../../store/types';
import { replayPlan } from '../../share/replay-plan';
import type { Answer, RequestType, SharedInfo, SharedSource, WorkerEvent } from '../protocol';
import type { ReplayCommand } from '../../shared/replay';
import { NO_SESSION } from '../session/run-slot';
import { startReplay, startReplayFromHere } from './replay';
import type { ReplayHost } from './replay';
import type { Replay } from './replay';
import type { SteeringInbox } from '../../agent/types';
import type { SessionRuntime } from '../session/session-runtime';
import { exportSession, forkSession, openSharedSource, sessionDocument } from './share-requests';
import { shareAsGist } from './gist-share';
import type { GitHubConnection } from '../../github/client';
import { forkFromStep } from './fork-from-step';
import type { ForkOptions } from './fork-from-step';
import type { ForkPoint } from '../../shared/fork-point';
import type { PromptImage } from '../../shared/prompt-images';

/** Requests that would change a shared session (replay's own steps do not go through these). */
const CHANGES = new Set<RequestType>([
  'send',
  'steer',
  'continue',
  'write-file',
  'restore-checkpoints',
  'compress',
  'terminal-start',
  'terminal-input',
  'import-files',
  'create-path',
  'rename-path',
  'delete-path',
]);

export const SHARED_READ_ONLY: AppError = {
  kind: 'shared-read-only',
  message: 'This shared session is read-only. Press Fork to get a copy you can change, or Replay to play it again.',
};

export interface ShareHost {
  db: LoopscopeDb;
  post(event: WorkerEvent): void;
  current(): SessionRuntime | null;
  stop(): Promise<void>;
  /** Opens a session as the current one (a switch: nothing else starts meanwhile). */
  open(session: SessionRecord | string): Promise<void>;
  /** Reopens the current session with `replay` active. */
  reopen(session: SessionRecord): Promise<void>;
  runPrompt(runtime: SessionRuntime, text: string, images?: PromptImage[]): Promise<boolean>;
  releasePause(): void;
  /** The GitHub API and token of Settings (Share as encrypted Gist, a Gist link opened). */
  github(): GitHubConnection;
}

export function createShareController(host: ShareHost) {
  let replay: Replay | null = null;
  /** Set while reopening for a replay, so `open` keeps it. */
  let starting: Replay | null = null;

  return {
    /** Why this request is refused in the open session, if it is. */
    refusal(type: RequestType, runtime: SessionRuntime | null): AppError | undefined {
      return runtime?.session.origin === 'shared' && CHANGES.has(type) ? SHARED_READ_ONLY : undefined;
    },
    /** The session being opened: a replay of another one ends; returns the model to use, if not the person's. */
    opening(sessionId: string): LanguageModel | undefined {
      if (starting?.sessionId === sessionId) {
        replay = starting;
        starting = null;
      } else if (replay) {
        replay.cancel();
        replay = null;
      }
      return replay?.model;
    },
    observe(event: AgentEvent): void {
      replay?.observe(event);
    },
    /** An event of a subagent the replay runs again (its calls' results are compared with the recording's). */
    observeSubagent(event: AgentEvent): void {
      replay?.observeSubagent(event);
    },
    /** During a replay, the model that plays the recorded subagent of this `task` call, if the recording holds one. */
    replayedSubagent: (callId: string): LanguageModel | undefined => replay?.subagentModel(callId),
    /** True while a replay is paused (the loop stops before every step). */
    paused: (): boolean => replay?.paused() ?? false,
    /** During a replay, the recorded results of each tool, for the stand-ins of tools that ran elsewhere. */
    recordedByTool: (): Map<string, Record<string, unknown>[]> | undefined => replay?.recordedByTool,
    /** During a replay, its recorded steering messages, which join where they joined in the recording. */
    steering: (): SteeringInbox | undefined => replay?.steering,
    /** What session-loaded says of a shared session. */
    async info(session: SessionRecord): Promise<SharedInfo | undefined> {
      if (session.origin !== 'shared') return undefined;
      const shared = await getSharedSession(host.db, session.id);
      if (!shared.ok || !shared.value) return undefined;
      return { roundTrips: replayPlan(shared.value.recordedHistory).total, notes: shared.value.notes };
    },
    /** The open session as a link or a session file. */
    async exportSession(as: 'link' | 'file'): Promise<Answer<'export-session'>> {
      const runtime = host.current();
      if (!runtime) return { error: NO_SESSION };
      const exported = await exportSession(host.db, runtime.session, runtime.agent.history(), as);
      return exported.ok ? { value: exported.value } : { error: exported.error };
    },
    /** The open session sealed in a new secret Gist; answers the link's fragment. */
    async shareGist(): Promise<Answer<'share-gist'>> {
      const runtime = host.current();
      if (!runtime) return { error: NO_SESSION };
      const document = await sessionDocument(host.db, runtime.session, runtime.agent.history());
      if (!document.ok) return { error: document.error };
      const shared = await shareAsGist(document.value, host.github());
      return shared.ok ? { value: shared.value } : { error: shared.error };
    },
    /** A link, a session file or a lesson, opened as a session of its own; answers its id. */
    async openShared(source: SharedSource): Promise<Answer<'open-shared'>> {
      const opened = await openSharedSource(host.db, source, host.github);
      if (!opened.ok) return { error: opened.error };
      await host.open(opened.value);
      return { value: typeof opened.value === 'string' ? opened.value : opened.value.id };
    },
    /** A writable copy of `runtime`'s session (from the step `at`, if named), opened; answers its id. */
    async fork(runtime: SessionRuntime, running: boolean, at?: ForkPoint, options: ForkOptions = {}): Promise<Answer<'fork'>> {
      if (running) return { error: { kind: 'busy', message: at ? 'Stop the agent (or the replay) before forking.' : 'Stop the replay before forking.' } };
      // Round-trip records are written behind the loop: the plan reads them.
      await runtime.flushRoundTrips();
      const forked = at ? await forkFromStep(host.db, runtime.session, at, options) : await forkSession(host.db, runtime);
      if (!forked.ok) return { error: forked.error };
      await host.open(forked.value);
      return { value: forked.value.id };
    },
    async replay(command: ReplayCommand): Promise<Answer<'replay'>> {
      if (command.kind !== 'start' && command.kind !== 'from-here') {
        replay?.command(command);
        return {};
      }
      const replayHost: ReplayHost = {
        db: host.db,
        post: host.post,
        current: host.current,
        stop: host.stop,
        reopen: (session, next) => {
          starting = next;
          return host.reopen(session);
        },
        runPrompt: host.runPrompt,
        releasePause: host.releasePause,
        // A fork's replay is over: the person's own model answers it from now on.
        finished: async (sessionId) => {
          const open = host.current();
          if (!replay || replay.sessionId !== sessionId || open?.session.id !== sessionId) return;
          replay = null;
          await host.reopen(open.session);
        },
      };
      const start = command.kind === 'start' ? startReplay : startReplayFromHere;
      const started = await start(replayHost, command.speed, command.pauseAtNotes === true);
      return started.error ? { error: started.error } : {};
    },
  };
}

export type ShareController = ReturnType<typeof createShareController>;

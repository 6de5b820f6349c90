/**
 * Opening a session: the run and the person's file work of the one being left end first, this
 * tab claims the session's lock, the sandbox is cleared or replaced, the transcript's tail goes
 * to the page (`session-loaded`), then the runtime (agent, tools, synced workspace) is built and
 * the earlier history follows. Which session is open is this module's state; it runs only as a
 * switch (session-lane.ts), one at a time.
 */
import { createSession, getSession, listSessions } from '../../store/sessions';
import type { SessionRecord } from '../../store/types';
import type { ControllerOptions } from '../controller-options';
import { readByPage } from '../protocol';
import type { WorkerEvent, WorkerSettings } from '../protocol';
import { createUrgency } from '../urgency';
import type { createPersonFiles } from '../files/person-files';
import type { createTerminalSlot } from '../files/terminal';
import type { ShareController } from '../share/share-controller';
import type { Approvals, StepGate } from './gates';
import type { RunSlot } from './run-slot';
import { loadEarlierHistory, loadHistoryTail } from './session-opening';
import type { Ownership } from './session-ownership';
import { RuntimeError, agentSettingsFrom, openSessionRuntime } from './session-runtime';
import type { AgentEventObserver, SessionRuntime } from './session-runtime';
import { withOnlyRecordedTools, withRecordedExternalTools } from './recorded-tools';

export interface OpenerParts {
  options: ControllerOptions;
  settings(): WorkerSettings;
  runs: RunSlot;
  personFiles: ReturnType<typeof createPersonFiles>;
  ownership: Ownership;
  share: ShareController;
  terminal: ReturnType<typeof createTerminalSlot>;
  approvals: Approvals;
  stepGate: StepGate;
}

export interface SessionOpener {
  /** The open session's runtime; null from the moment a switch leaves one until the next is loaded. */
  runtime(): SessionRuntime | null;
  open(session: SessionRecord, steal?: boolean): Promise<void>;
  /** The session with this id, else the newest, else a new one. */
  openById(sessionId?: string): Promise<void>;
  /** A new session (with the page's id for it, when it chose one). */
  openNew(sessionId?: string): Promise<void>;
}

export function createSessionOpener(parts: OpenerParts): SessionOpener {
  const { options, runs, personFiles, ownership, share, terminal } = parts;
  const { db, post } = options;
  let runtime: SessionRuntime | null = null;
  let stopServerReady: (() => void) | null = null;

  /** What the session being left leaves behind: nothing of it runs on or reaches the next one (WebContainer's sandbox is shared). */
  async function leave(): Promise<SessionRuntime | null> {
    const previous = runtime;
    runtime = null; // until the new session is loaded there is none to send to
    terminal.dispose();
    options.backgroundProcesses?.clear();
    await previous?.workspace.close();
    stopServerReady?.();
    return previous;
  }

  async function open(session: SessionRecord, steal = false): Promise<void> {
    await runs.stop();
    await personFiles.idle(); // an import under way finishes in the session it began in
    const owned = await ownership.claim(session.id, steal);
    const previous = await leave();
    const sandbox = await options.acquireSandbox(previous?.sandbox ?? null);
    stopServerReady = sandbox.onServerReady((port, url) => post({ type: 'server-ready', port, url }));
    const sessionId = session.id;
    const replayModel = share.opening(sessionId);
    // The transcript's tail is on screen before the whole history is read (session-opening.ts).
    const tail = await loadHistoryTail(db, sessionId);
    const shared = await share.info(session);
    post({
      type: 'session-loaded',
      session: {
        sessionId,
        approvalMode: agentSettingsFrom(parts.settings(), session).approvalMode,
        history: tail.history,
        historyFrom: tail.from,
        cards: tail.cards,
        interruption: tail.interruption,
        sandboxKind: sandbox.kind,
        ...(owned ? {} : { elsewhere: true as const }),
        ...(shared ? { shared } : {}),
      },
    });
    runtime = await openSessionRuntime(
      {
        db,
        model: replayModel ?? options.model,
        // A replay never calls an MCP server again: those calls answer what the recording holds.
        // The replay-only player (the embed) runs no tool at all, replaying or not.
        tools: options.replayOnly
          ? withOnlyRecordedTools(options.tools, share.recordedByTool() ?? new Map())
          : replayModel
            ? withRecordedExternalTools(options.tools, share.recordedByTool() ?? new Map())
            : options.tools,
        approvals: parts.approvals,
        stepGate: parts.stepGate,
        isReadOnlyCommand: options.isReadOnlyCommand,
        observers: [runs.observe, share.observe, pageObserver(sessionId, post)],
        filesChanged: (paths, by) => post({ type: 'files-changed', sessionId, paths, by }),
        paused: (pause) => post({ type: 'paused', sessionId, pause }),
        warn: (message) => post({ type: 'notice', level: 'error', message }),
        // A paused replay stops before every step, like Step through.
        settings: () => (share.paused() ? { ...parts.settings(), stepThrough: true } : parts.settings()),
        // A replay's steering messages are the recording's, played where they joined.
        steering: replayModel ? share.steering() : runs.steering,
        // A replay plays someone's recording: the person's own hooks never run on it.
        personHooks: !replayModel,
        // A replay runs a recorded subagent again, its model playing the recording, and compares its calls' results.
        ...(replayModel ? { replayedSubagent: share.replayedSubagent, subagentObservers: [(event) => share.observeSubagent(event)] } : {}),
      },
      session,
      sandbox,
    );
    const earlier = await loadEarlierHistory(db, sessionId, runtime.agent.history(), tail.from);
    if (earlier) post(earlier);
  }

  async function openById(sessionId?: string): Promise<void> {
    const found = sessionId ? await getSession(db, sessionId) : null;
    if (found?.ok && found.value) return open(found.value);
    const sessions = await listSessions(db);
    if (!sessions.ok) throw new RuntimeError(sessions.error.kind, sessions.error.message);
    const newest = sessions.value[0];
    return newest ? open(newest) : openNew();
  }

  async function openNew(sessionId?: string): Promise<void> {
    const created = await createSession(db, sessionId ? { id: sessionId } : {});
    if (!created.ok) throw new RuntimeError(created.error.kind, created.error.message);
    return open(created.value);
  }

  return { runtime: () => runtime, open, openById, openNew };
}

/** What the page reads of the session's agent events, each marked `urgent` when a person waits to see it (urgency.ts). */
function pageObserver(sessionId: string, post: (event: WorkerEvent) => void): AgentEventObserver {
  const urgent = createUrgency();
  return (event) => {
    const now = urgent(event);
    if (readByPage(event)) post(now ? { type: 'agent-event', sessionId, event, urgent: true } : { type: 'agent-event', sessionId, event });
  };
}

/**
 * The worker's request handler: sessions, runs, approvals, settings and the person's files. Pure of `self`:
 * agent.worker.ts gives it a `post` and feeds it messages, so Node tests drive it the same way.
 */
import type { LanguageModel } from '../model/types';
import type { Sandbox } from '../sandbox/types';
import { messageOf } from '../shared/errors';
import type { AppError } from '../shared/errors';
import type { LoopscopeDb } from '../store/db';
import { createSession, getSession, listSessions, removeSession, renameSession, setSessionApprovalMode, touchSession } from '../store/sessions';
import type { SessionRecord } from '../store/types';
import type { BackgroundProcesses } from '../tools/background-processes';
import type { WorkspaceToolRegistry } from '../tools/workspace-tool';
import { createApprovals, createStepGate } from './gates';
import { compressRequest } from './compression-notice';
import type { SwitchableModel } from './model-factory';
import { readByPage, responseEvent } from './protocol';
import type { ClientMessage, LessonInfo, WorkerEvent, WorkerSettings } from './protocol';
import { freeSpaceRequest, restoreRequest } from './checkpoint-restore';
import type { SessionRuntime } from './session-runtime';
import { RuntimeError, agentSettingsFrom, openSessionRuntime } from './session-runtime';
import { savePersonEdit } from './person-save';
import { createPersonFiles } from './person-files/person-files';
import { createShareController } from './share-controller';
import { loadEarlierHistory, loadHistoryTail } from './session-opening';
import { createTerminalSlot } from './terminal';
import { singleTabLocks } from './session-lock';
import { NO_SESSION, createRunSlot } from './run-slot';
import { createSwitchGate } from './switch-gate';
import type { SessionLocks } from './session-lock';
import { createOwnership } from './session-ownership';

export interface ControllerOptions {
  db: LoopscopeDb;
  post(event: WorkerEvent): void;
  model: SwitchableModel;
  makeModel(settings: WorkerSettings): LanguageModel;
  lessons: LessonInfo[];
  /** The built-in tools; each session's runtime binds them to its sandbox. */
  tools: WorkspaceToolRegistry;
  isReadOnlyCommand(command: string): boolean;
  /** A fresh, empty sandbox for a session (offline: a new one; WebContainer: cleared). */
  acquireSandbox(previous: Sandbox | null): Promise<Sandbox>;
  initialSettings: WorkerSettings;
  /** One writer per session across tabs; without it this tab assumes it is the only one. */
  locks?: SessionLocks;
  /** The tools' background processes: a session being left takes its own along. */
  backgroundProcesses?: BackgroundProcesses;
}

export interface SessionController {
  handle(message: ClientMessage): Promise<void>;
  /** The run in progress, for tests and benchmarks. */
  idle(): Promise<void>;
}

export function createSessionController(options: ControllerOptions): SessionController {
  const { db, post } = options;
  let settings = options.initialSettings;
  let runtime: SessionRuntime | null = null;
  const terminal = createTerminalSlot(post);
  let stopServerReady: (() => void) | null = null;
  const approvals = createApprovals();
  const stepGate = createStepGate();
  const switches = createSwitchGate();
  const runs = createRunSlot({
    db,
    post,
    approvals,
    current: () => (switches.busy() ? null : runtime),
    ended: () => {
      if (options.model.switchToNext()) announceProvider();
    },
  });
  const personFiles = createPersonFiles({ db, post, runtime: () => (switches.busy() ? null : runtime), running: runs.busy });
  const share = createShareController({
    db,
    post,
    current: () => (switches.busy() ? null : runtime),
    stop: runs.stop,
    open: (session) => switches.run(() => (typeof session === 'string' ? openById(session) : open(session))),
    reopen: (session) => switches.run(() => open(session)),
    runPrompt: runs.runPrompt,
    releasePause: () => stepGate.next(),
  });
  const ownership = createOwnership(options.locks ?? singleTabLocks, (sessionId) => {
    if (runtime?.session.id !== sessionId) return;
    void runs.stop();
    terminal.dispose();
    post({ type: 'session_elsewhere', sessionId });
  });

  /** A16: a provider chosen while the agent works is used from the next message on. */
  const chooseModel = (model: LanguageModel): void => {
    if (runs.busy()) {
      options.model.useNext(model);
      return post({ type: 'notice', level: 'info', message: `${model.label} will answer from your next message; this one finishes with ${options.model.label}.` });
    }
    options.model.use(model);
    announceProvider();
  };
  const announceProvider = () => {
    const model = options.model.current();
    post({ type: 'provider', provider: model.provider, label: model.label, lessons: model.provider === 'scripted' ? options.lessons : [] });
  };

  async function open(session: SessionRecord, steal = false): Promise<void> {
    await runs.stop();
    await personFiles.idle(); // an import under way finishes in the session it began in
    const owned = await ownership.claim(session.id, steal);
    const previous = runtime;
    runtime = null; // until the new session is loaded there is none to send to
    terminal.dispose();
    // Nothing of the session being left runs on or reaches the next one (WebContainer's sandbox is shared).
    options.backgroundProcesses?.clear();
    await previous?.workspace.close();
    stopServerReady?.();
    const sandbox = await options.acquireSandbox(previous?.sandbox ?? null);
    stopServerReady = sandbox.onServerReady((port, url) => post({ type: 'server_ready', port, url }));
    const sessionId = session.id;
    const replayModel = share.opening(sessionId);
    // The transcript's tail is on screen before the whole history is read (session-opening.ts).
    const tail = await loadHistoryTail(db, sessionId);
    const shared = await share.info(session);
    post({
      type: 'session_loaded',
      session: {
        sessionId,
        approvalMode: agentSettingsFrom(settings, session).approvalMode,
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
        tools: options.tools,
        approvals,
        stepGate,
        isReadOnlyCommand: options.isReadOnlyCommand,
        emit: (event) => {
          if (!runs.shows(event)) return;
          share.observe(event);
          if (readByPage(event)) post({ type: 'agent_event', sessionId, event });
        },
        filesChanged: (paths, by) => post({ type: 'files_changed', sessionId, paths, by }),
        paused: (pause) => post({ type: 'paused', sessionId, pause }),
        warn: (message) => post({ type: 'notice', level: 'error', message }),
        // A paused replay stops before every step, like Step through.
        settings: () => (share.paused() ? { ...settings, stepThrough: true } : settings),
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

  async function openNew(): Promise<void> {
    const created = await createSession(db);
    if (!created.ok) throw new RuntimeError(created.error.kind, created.error.message);
    return open(created.value);
  }

  async function handleRequest(message: ClientMessage): Promise<{ error?: AppError; value?: unknown }> {
    const refused = ownership.refusal(message.type) ?? share.refusal(message.type, runtime);
    if (refused) return { error: refused };
    if (message.type === 'send' || message.type === 'continue' || message.type === 'terminal-start') await switches.settled();
    switch (message.type) {
      case 'init':
        settings = message.settings;
        chooseModel(options.makeModel(settings));
        await openById(message.sessionId);
        return {};
      case 'send':
        return runs.sendMessage(message.text);
      case 'continue': {
        if (runtime && !runs.busy()) await touchSession(db, runtime.session.id);
        const started = runs.start({ type: 'continue' });
        return 'error' in started ? { error: started.error } : {};
      }
      case 'stop':
        await runs.stop();
        return {};
      case 'approval-response':
        approvals.answer(message.callId, message.outcome);
        return {};
      case 'set-approval-mode':
        settings = { ...settings, approvalMode: message.mode };
        if (runtime) {
          runtime.agent.setApprovalMode(message.mode);
          await setSessionApprovalMode(db, runtime.session.id, message.mode);
          runtime.session = { ...runtime.session, approvalMode: message.mode };
        }
        return {};
      case 'update-settings':
        settings = message.settings;
        chooseModel(options.makeModel(settings));
        if (runtime) {
          const { approvalMode: _ignored, ...rest } = agentSettingsFrom(settings, runtime.session);
          runtime.agent.updateSettings(rest);
        }
        return {};
      case 'export-session':
      case 'open-shared':
      case 'fork':
      case 'replay':
        return share.handle(message, runs.busy());
      case 'take-over': {
        const current = runtime?.session;
        if (!current) return { error: NO_SESSION };
        await switches.run(() => open(current, true)); // reloads what the other tab stored
        return {};
      }
      case 'new-session':
        await switches.run(openNew);
        return {};
      case 'open-session':
        await switches.run(() => openById(message.sessionId));
        return {};
      case 'delete-session':
        return switches.run(async () => {
          const wasCurrent = runtime?.session.id === message.sessionId;
          if (wasCurrent) await runs.stop();
          const removed = await removeSession(db, message.sessionId);
          if (!removed.ok) return { error: removed.error };
          if (wasCurrent) await openById();
          return {};
        });
      case 'rename-session': {
        const renamed = await renameSession(db, message.sessionId, message.title);
        if (runtime?.session.id === message.sessionId) runtime.session = { ...runtime.session, title: message.title };
        return renamed.ok ? {} : { error: renamed.error };
      }
      case 'write-file':
        return personFiles.inOrder(() => savePersonEdit(db, runtime, message));
      case 'import-files':
      case 'import-part':
      case 'create-path':
      case 'rename-path':
      case 'delete-path':
      case 'export-zip':
        return personFiles.handle(message);
      case 'next-step':
        stepGate.next(message.step);
        return {};
      case 'disable-loop-detection':
        runtime?.agent.disableLoopDetection();
        post({ type: 'notice', level: 'info', message: 'Loop detection is off for this session.' });
        return {};
      case 'compress':
        return compressRequest(runtime, runs, post);
      case 'restore-checkpoints':
        return restoreRequest(db, runtime, runs.busy(), message.checkpointIds, post);
      case 'free-space':
        return freeSpaceRequest(db);
      case 'terminal-start':
        if (!runtime) return { error: NO_SESSION };
        await terminal.start(runtime.workspace, message.columns, message.rows);
        return {};
      case 'terminal-input':
        terminal.input(message.text);
        return {};
      case 'terminal-resize':
        terminal.resize(message.columns, message.rows);
        return {};
    }
  }

  return {
    async handle(message) {
      try {
        const { error, value } = await handleRequest(message);
        post(responseEvent(message.id, error, value));
      } catch (thrown) {
        const error: AppError = thrown instanceof RuntimeError ? { kind: thrown.kind, message: thrown.message } : { kind: 'worker', message: messageOf(thrown) };
        post({ type: 'notice', level: 'error', message: error.message });
        post(responseEvent(message.id, error));
      }
    },
    async idle() {
      await runs.idle();
    },
  };
}

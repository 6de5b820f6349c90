/**
 * The worker's request handler: sessions, runs, approvals, settings and editor saves.
 * Pure of `self`: agent.worker.ts gives it a `post` and feeds it messages, so Node tests
 * drive it the same way (with fake-indexeddb and the offline sandbox).
 */
import type { AgentInput } from '../agent/types';
import type { LanguageModel } from '../model/types';
import type { Sandbox } from '../sandbox/types';
import { messageOf } from '../shared/errors';
import type { AppError } from '../shared/errors';
import type { LoopscopeDb } from '../store/db';
import { createSession, getSession, listSessions, noteMessage, removeSession, renameSession, setSessionApprovalMode, touchSession } from '../store/sessions';
import type { SessionRecord } from '../store/types';
import type { BackgroundProcesses } from '../tools/background-processes';
import type { ToolRegistry } from '../tools/types';
import { createApprovals, createStepGate } from './gates';
import { compressionNotice } from './compression-notice';
import type { SwitchableModel } from './model-factory';
import { responseEvent } from './protocol';
import type { ClientMessage, LessonInfo, WorkerEvent, WorkerSettings } from './protocol';
import { freeSpaceRequest, restoreRequest } from './checkpoint-restore';
import type { SessionRuntime } from './session-runtime';
import { RuntimeError, agentSettingsFrom, openSessionRuntime } from './session-runtime';
import { savePersonEdit } from './person-save';
import { createPersonFiles } from './person-files/person-files';
import { createShareController } from './share-controller';
import { earlierHistoryEvent, loadHistoryTail } from './session-opening';
import { createTerminalSlot } from './terminal';
import { singleTabLocks } from './session-lock';
import { watchPromptCommit } from './prompt-commit';
import type { PromptCommit } from './prompt-commit';
import type { SessionLocks } from './session-lock';
import { createOwnership } from './session-ownership';

export interface ControllerOptions {
  db: LoopscopeDb;
  post(event: WorkerEvent): void;
  model: SwitchableModel;
  makeModel(settings: WorkerSettings): LanguageModel;
  lessons: LessonInfo[];
  tools: ToolRegistry;
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

const NO_SESSION: AppError = { kind: 'no-session', message: 'No session is open yet.' };

export function createSessionController(options: ControllerOptions): SessionController {
  const { db, post } = options;
  let settings = options.initialSettings;
  let runtime: SessionRuntime | null = null;
  let run: { controller: AbortController; done: Promise<void> } | null = null;
  const terminal = createTerminalSlot(post);
  let stopServerReady: (() => void) | null = null;
  const approvals = createApprovals();
  const stepGate = createStepGate();
  const personFiles = createPersonFiles({ db, post, runtime: () => (opening > 0 ? null : runtime), running: () => run !== null });
  const share = createShareController({
    db,
    post,
    current: () => (opening > 0 ? null : runtime),
    stop: () => stop(),
    open: (session) => switching(() => (typeof session === 'string' ? openById(session) : open(session))),
    reopen: (session) => switching(() => open(session)),
    runPrompt: async (current, text) => {
      const { done, signal } = begin(current, (signal) => current.agent.run({ type: 'user_query', text }, signal).then(() => current.flushRoundTrips()));
      await done.catch((thrown: unknown) => post({ type: 'notice', level: 'error', message: `The replay stopped unexpectedly: ${messageOf(thrown)}` }));
      return !signal.aborted;
    },
    releasePause: () => stepGate.next(),
  });
  const ownership = createOwnership(options.locks ?? singleTabLocks, (sessionId) => {
    if (runtime?.session.id !== sessionId) return;
    void stop();
    terminal.dispose();
    post({ type: 'session-elsewhere', sessionId });
  });

  /** A16: a provider chosen while the agent works is used from the next message on. */
  const chooseModel = (model: LanguageModel): void => {
    if (run) {
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
    await stop();
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
        approvalMode: agentSettingsFrom(settings, session).approvalMode,
        history: tail.history,
        historyFrom: tail.from,
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
          if (promptCommit?.shows(event) === false) return;
          share.observe(event);
          post({ type: 'agent-event', sessionId, event });
        },
        filesChanged: (paths, by) => post({ type: 'files-changed', sessionId, paths, by }),
        paused: (pause) => post({ type: 'paused', sessionId, pause }),
        warn: (message) => post({ type: 'notice', level: 'error', message }),
        // A paused replay stops before every step, like Step through.
        settings: () => (share.paused() ? { ...settings, stepThrough: true } : settings),
      },
      session,
      sandbox,
    );
    const earlier = earlierHistoryEvent(sessionId, runtime.agent.history(), tail.from);
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

  async function stop(): Promise<void> {
    if (!run) return;
    run.controller.abort();
    approvals.cancelAll();
    await run.done;
  }

  /** While sessions switch, a message must not start a run (and approvals) in the one being left. */
  let opening = 0;
  const opens = new Set<Promise<unknown>>();
  const switching = async <T,>(work: () => Promise<T>): Promise<T> => {
    opening++;
    const opened: Promise<T> = work().finally(() => {
      opening--;
      opens.delete(opened);
    });
    opens.add(opened);
    return opened;
  };
  /** The session being opened is on screen before it can run: what needs it waits for it. */
  const opened = async (): Promise<void> => {
    while (opening > 0) await Promise.allSettled([...opens]);
  };

  function start(input: AgentInput): { error: AppError } | { current: SessionRuntime; done: Promise<void> } {
    const current = opening > 0 ? null : runtime;
    if (!current) return { error: NO_SESSION };
    if (run) return { error: { kind: 'busy', message: 'The agent is still working. Stop it or wait for it to finish.' } };
    const { done } = begin(current, (signal) => current.agent.run(input, signal).then(() => current.flushRoundTrips()));
    done.catch((thrown: unknown) => post({ type: 'notice', level: 'error', message: `The agent stopped unexpectedly: ${messageOf(thrown)}` }));
    return { current, done: done.then(() => undefined, () => undefined) };
  }

  /** The person's message: answered once it is stored (see prompt-commit.ts), or with why it was not. */
  let promptCommit: PromptCommit | null = null;
  async function sendMessage(text: string): Promise<{ error?: AppError }> {
    const watch = runtime && !run && opening === 0 ? watchPromptCommit(runtime, text) : null;
    promptCommit = watch;
    const started = start({ type: 'user_query', text });
    if ('error' in started || !watch) {
      watch?.runEnded();
      return { error: 'error' in started ? started.error : NO_SESSION };
    }
    void started.done.then(() => {
      watch.runEnded();
      if (promptCommit === watch) promptCommit = null;
    });
    const refused = await watch.outcome;
    if (refused) return { error: refused };
    // The session moves to the top of the list (commits do not touch it), once its message is stored.
    started.current.session = await noteMessage(db, started.current.session, text);
    return {};
  }

  /** Work that owns the session until it ends: the page shows it running, Stop aborts it. */
  function begin<T>(current: SessionRuntime, work: (signal: AbortSignal) => Promise<T>): { done: Promise<T>; signal: AbortSignal } {
    const controller = new AbortController();
    const sessionId = current.session.id;
    post({ type: 'running', sessionId, running: true });
    const done = work(controller.signal).finally(() => {
      run = null;
      if (options.model.switchToNext()) announceProvider();
      post({ type: 'running', sessionId, running: false, interruption: current.agent.interruption() });
    });
    run = { controller, done: done.then(() => undefined, () => undefined) };
    return { done, signal: controller.signal };
  }

  async function handleRequest(message: ClientMessage): Promise<{ error?: AppError; value?: unknown }> {
    const refused = ownership.refusal(message.type) ?? share.refusal(message.type, runtime);
    if (refused) return { error: refused };
    if (message.type === 'send' || message.type === 'continue' || message.type === 'terminal-start') await opened();
    switch (message.type) {
      case 'init':
        settings = message.settings;
        chooseModel(options.makeModel(settings));
        await openById(message.sessionId);
        return {};
      case 'send':
        return sendMessage(message.text);
      case 'continue': {
        if (runtime && !run) await touchSession(db, runtime.session.id);
        const started = start({ type: 'continue' });
        return 'error' in started ? { error: started.error } : {};
      }
      case 'stop':
        await stop();
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
        return share.handle(message, run !== null);
      case 'take-over': {
        const current = runtime?.session;
        if (!current) return { error: NO_SESSION };
        await switching(() => open(current, true)); // reloads what the other tab stored
        return {};
      }
      case 'new-session':
        await switching(openNew);
        return {};
      case 'open-session':
        await switching(() => openById(message.sessionId));
        return {};
      case 'delete-session':
        return switching(async () => {
          const wasCurrent = runtime?.session.id === message.sessionId;
          if (wasCurrent) await stop();
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
      case 'compress': {
        const current = runtime;
        if (!current || run) return { error: { kind: 'busy', message: 'Compress when the agent is idle.' } };
        // A run of its own: nothing else may change the history meanwhile, and Stop cancels it.
        const { done, signal } = begin(current, (signal) => current.agent.compress(signal));
        const status = await done;
        if (signal.aborted) post({ type: 'notice', level: 'info', message: 'Compression stopped; the history is unchanged.' });
        else if (status !== 'COMPRESSED') post({ type: 'notice', level: 'info', message: compressionNotice(status) });
        return { value: status };
      }
      case 'restore-checkpoints':
        return restoreRequest(db, runtime, run !== null, message.checkpointIds, post);
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
      await run?.done;
    },
  };
}

/**
 * The worker's request router: the open session and what serves it, and one handler per request
 * type (handlers/, by area). Pure of `self`: agent.worker.ts gives it a `post` and feeds it
 * messages, so Node tests drive it the same way.
 */
import type { LanguageModel } from '../model/types';
import { messageOf } from '../shared/errors';
import type { AppError } from '../shared/errors';
import { getSession } from '../store/sessions';
import { createApprovals, createStepGate } from './session/gates';
import { responseEvent } from './worker-messages';
import type { ClientMessage, RequestType, SessionTarget, WorkerSettings } from './protocol';
import type { SessionRuntime } from './session/session-runtime';
import { RuntimeError } from './session/session-runtime';
import { createSessionOpener } from './session/session-opener';
import { createPersonFiles } from './files/person-files';
import { createShareController } from './share/share-controller';
import { createTerminalSlot } from './files/terminal';
import { singleTabLocks } from './session/session-lock';
import { NO_SESSION, createRunSlot } from './session/run-slot';
import { createSessionLane } from './session/session-lane';
import { createOwnership } from './session/session-ownership';
import type { Admitted, ControllerContext, Handler, HandlerTable } from './handlers/context';
import type { ControllerOptions } from './controller-options';
import { fileHandlers } from './handlers/file-handlers';
import { runHandlers } from './handlers/run-handlers';
import { sessionHandlers } from './handlers/session-handlers';
import { shareHandlers } from './handlers/share-handlers';
import { embedHandlers } from './handlers/embed-handlers';
import { terminalHandlers } from './handlers/terminal-handlers';
import { mcpHandlers } from './handlers/mcp-handlers';
import { traceHandlers } from './handlers/trace-handlers';
import { noteHandlers } from './handlers/note-handlers';
import { createTraceSender } from './trace/trace-sender';

export interface SessionController {
  handle(message: ClientMessage): Promise<void>;
  /** The settings the page last sent (tools that read them per call: web_fetch's local addresses). */
  settings(): WorkerSettings;
  /** The run in progress, for tests and benchmarks. */
  idle(): Promise<void>;
}

/** One handler per request type: the compiler checks that none is missing and each answers its type's value. */
const HANDLERS: HandlerTable<RequestType> = { ...sessionHandlers, ...runHandlers, ...fileHandlers, ...shareHandlers, ...terminalHandlers, ...mcpHandlers, ...traceHandlers, ...noteHandlers, ...embedHandlers };

/** The longest a run waits for MCP servers still connecting (a server that does not answer is left out). */
const MCP_WAIT_MS = 5_000;

export const SESSION_DELETED: AppError = { kind: 'session-deleted', message: 'That session was deleted, so nothing was changed.' };
export const SESSION_LEFT: AppError = { kind: 'session-changed', message: 'Another session is open now, so nothing was changed.' };

export function createSessionController(options: ControllerOptions): SessionController {
  const { db, post } = options;
  let settings = options.initialSettings;
  const terminal = createTerminalSlot(post);
  const approvals = createApprovals();
  const stepGate = createStepGate();
  const lane = createSessionLane();
  // The open session, as requests may use it: none while a switch is under way.
  const current = () => (lane.busy() ? null : opener.runtime());
  const traces = createTraceSender({ db, post, settings: () => settings, origin: options.origin ?? '' });
  const runs = createRunSlot({
    db,
    post,
    approvals,
    current,
    ended: (run) => {
      if (options.model.switchToNext()) announceProvider();
      void traces.runEnded(run.sessionId, run.startedAt);
    },
    // A message sent right after Settings added an MCP server is answered with its tools.
    beforeRun: () => options.mcp?.settled(MCP_WAIT_MS) ?? Promise.resolve(),
  });
  const github = () => ({ apiUrl: settings.githubApiUrl ?? '', ...(settings.githubToken ? { token: settings.githubToken } : {}) });
  const personFiles = createPersonFiles({ db, post, running: runs.busy, github });
  const share = createShareController({
    db,
    post,
    current,
    stop: runs.stop,
    open: (session) => lane.switch(() => (typeof session === 'string' ? opener.openById(session) : opener.open(session))),
    reopen: (session) => lane.switch(() => opener.open(session)),
    runPrompt: runs.runPrompt,
    releasePause: () => stepGate.next(),
    github,
  });
  const ownership = createOwnership(options.locks ?? singleTabLocks, (sessionId) => {
    if (opener.runtime()?.session.id !== sessionId) return;
    void runs.stop();
    terminal.dispose();
    post({ type: 'session-elsewhere', sessionId });
  });
  const opener = createSessionOpener({ options, settings: () => settings, runs, personFiles, ownership, share, terminal, approvals, stepGate });

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

  const refusal = (type: RequestType, open: SessionRuntime | null): AppError | undefined => ownership.refusal(type) ?? share.refusal(type, open);

  async function admit<T>(type: RequestType, target: SessionTarget, start: (open: SessionRuntime) => T): Promise<Admitted<T>> {
    return lane.admit(async (): Promise<Admitted<T>> => {
      const open = opener.runtime();
      if (!open) return { error: NO_SESSION };
      if (target !== null && open.session.id !== target) {
        const named = await getSession(db, target);
        return { error: named.ok && !named.value ? SESSION_DELETED : SESSION_LEFT };
      }
      const refused = refusal(type, open);
      return refused ? { error: refused } : { started: start(open) };
    });
  }

  const context: ControllerContext = {
    db,
    post,
    options,
    settings: () => settings,
    setSettings: (next) => {
      settings = next;
      options.mcp?.configure(next.mcpServers ?? []);
    },
    runtime: opener.runtime,
    setRuntimeSession: (session) => {
      const open = opener.runtime();
      if (open && open.session.id === session.id) open.session = session;
    },
    runs,
    personFiles,
    share,
    lane,
    terminal,
    approvals,
    stepGate,
    sessions: opener,
    chooseModel,
    admit,
    refusal,
  };

  /** Requests that name no session, refused at once when they would change the open one. */
  function refusedAtArrival(message: ClientMessage): AppError | undefined {
    return 'sessionId' in message ? undefined : refusal(message.type, opener.runtime());
  }

  return {
    settings: () => settings,
    async handle(message) {
      try {
        const refused = refusedAtArrival(message);
        const handler = HANDLERS[message.type] as Handler<RequestType>;
        const answer = refused ? { error: refused } : await handler(message, context);
        post(responseEvent(message.id, answer.error, 'value' in answer ? answer.value : undefined));
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

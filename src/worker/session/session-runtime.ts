/**
 * One open session inside the worker: its history writer, its synced workspace and its
 * agent, wired to IndexedDB. Built by openSessionRuntime, thrown away on switch.
 */
import { createAgent } from '../../agent/agent';
import type { Agent, AgentEvent, AgentSettings, Hooks, SteeringInbox, ToolCallView } from '../../agent/types';
import type { LanguageModel } from '../../model/types';
import type { Sandbox } from '../../sandbox/types';
import { sleep } from '../../shared/abort';
import type { AppErrorKind } from '../../shared/error-kinds';
import { newId } from '../../shared/ids';
import { createCheckpoint } from '../../store/checkpoints';
import type { LoopscopeDb } from '../../store/db';
import { applyFileChanges, listFiles } from '../../store/files';
import { createHistoryWriter } from '../../store/history';
import type { SessionRecord } from '../../store/types';
import type { ToolRegistry } from '../../tools/types';
import { bindTools } from '../../tools/workspace-tool';
import type { WorkspaceToolRegistry } from '../../tools/workspace-tool';
import type { Approvals, StepGate } from './gates';
import { createInspectorNotes } from './inspector-notes';
import { historyStore } from './history-store';
import { modelNameFor } from './model-factory';
import { noteFinishedCards } from './tool-cards';
import { afterEditWillRun, createPersonHooks, personHookCommands } from './person-hooks';
import type { PauseStage, WorkerSettings } from '../protocol';
import type { ChangeSource, SyncedWorkspace } from '../files/workspace-sync';
import { createSyncedWorkspace, unstoredNotice } from '../files/workspace-sync';
import { createWorkspaceContext } from '../files/workspace-context';

export interface RuntimeContext {
  db: LoopscopeDb;
  model: LanguageModel;
  /** Written against a sandbox; bound to the session's own when it opens. */
  tools: WorkspaceToolRegistry;
  approvals: Approvals;
  stepGate: StepGate;
  isReadOnlyCommand(command: string): boolean;
  /**
   * Who sees the agent's events, in order, after the runtime's own (the Loop inspector's notes,
   * the stored tool cards): each is told of every event once, on one path.
   */
  observers: readonly AgentEventObserver[];
  filesChanged(paths: string[], by: ChangeSource): void;
  paused(pause: PauseStage | null): void;
  /** A problem the person should know about that does not stop the loop. */
  warn(message: string): void;
  settings(): WorkerSettings;
  /** Where the person's steering messages wait for the agent (the run slot's inbox; a replay's recorded ones). */
  steering?: SteeringInbox;
  /** The person's hooks (Settings → Hooks) run in this runtime; false in a replay, which never runs them. */
  personHooks: boolean;
  /** In a replay: the recorded subagent of a `task` call, as the model its subagent plays again (AgentDependencies.replayedSubagent). */
  replayedSubagent?(callId: string): LanguageModel | undefined;
  /** Who sees a subagent's events besides the Loop inspector's notes (a replay compares its calls' results). */
  subagentObservers?: readonly AgentEventObserver[];
}

export interface SessionRuntime {
  session: SessionRecord;
  agent: Agent;
  workspace: SyncedWorkspace;
  sandbox: Sandbox;
  /** Resolves once every round-trip record handed to the store is written. */
  flushRoundTrips(): Promise<void>;
}

export type AgentEventObserver = (event: AgentEvent) => void;

export class RuntimeError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export function agentSettingsFrom(settings: WorkerSettings, session: SessionRecord): AgentSettings {
  // Shared and imported sessions always start asking (reliability rule 5).
  const approvalMode = session.origin === 'local' ? (session.approvalMode ?? settings.approvalMode) : (session.approvalMode ?? 'ask');
  return {
    model: modelNameFor(settings),
    approvalMode,
    loopHeuristics: settings.loopHeuristics,
    nextSpeakerCheck: settings.nextSpeakerCheck,
  };
}

/**
 * The files a call may change: the ones the tool names, the whole workspace when it cannot say
 * (a shell command), or null for a command known to be read-only (no checkpoint for `ls`).
 */
function checkpointScope(tools: ToolRegistry, call: ToolCallView, args: Record<string, unknown>): string[] | 'workspace' | null {
  const tool = tools.get(call.name);
  if (!tool) return 'workspace';
  if (tool.isReadOnly?.(args)) return null;
  return tool.affectedPaths(args) ?? 'workspace';
}

/** `beforeWaiting` writes what the history store keeps for its next commit: a pause may last, and the tab may close meanwhile. */
function createHooks(context: RuntimeContext, session: SessionRecord, workspace: SyncedWorkspace, tools: ToolRegistry, beforeWaiting: () => Promise<unknown>): Hooks {
  let modelCalls = 0;
  let steps = 0;
  const stepThrough = async (pause: Omit<PauseStage, 'step'>, signal: AbortSignal) => {
    if (!context.settings().stepThrough) return;
    await beforeWaiting();
    const step = ++steps;
    context.paused({ ...pause, step });
    try {
      await context.stepGate.pause(signal, step);
    } finally {
      context.paused(null);
    }
  };
  return {
    beforeModel: async ({ signal }) => {
      modelCalls += 1;
      await stepThrough({ stage: 'before_model', label: `model call ${modelCalls}` }, signal);
    },
    beforeTool: async ({ call, args, signal }) => {
      await stepThrough({ stage: 'before_tool', label: `${call.name} ${call.summary}`.trim() }, signal);
      if (call.kind !== 'edit' && call.kind !== 'execute') return;
      // Checkpoint the files the call may change, so Restore can put them back. The person's After each edit command
      // runs inside the edit and may change any file, as a shell command may.
      const scope = context.personHooks && afterEditWillRun(context.settings(), call) ? 'workspace' : checkpointScope(tools, call, args);
      if (scope === null) return;
      const known = workspace.snapshot();
      const paths = scope === 'workspace' ? [...known.keys()] : scope;
      const files = paths.map((path) => ({ path, content: known.get(path) ?? null }));
      const label = `${call.name} ${call.summary}`.trim();
      const saved = await createCheckpoint(context.db, { sessionId: session.id, callId: call.callId, label, files, wholeWorkspace: scope === 'workspace' });
      // The call still runs: losing its Restore is better than stopping the agent, but the person is told.
      if (!saved.ok) context.warn(`No checkpoint could be saved before ${label}, so Restore cannot undo it: ${saved.error.message}`);
    },
  };
}

export async function openSessionRuntime(context: RuntimeContext, session: SessionRecord, sandbox: Sandbox): Promise<SessionRuntime> {
  const writer = createHistoryWriter(context.db, session.id);
  const loaded = await writer.load();
  if (!loaded.ok) throw new RuntimeError(loaded.error.kind, loaded.error.message);
  const stored = await listFiles(context.db, session.id);
  if (!stored.ok) throw new RuntimeError(stored.error.kind, stored.error.message);

  const workspace = createSyncedWorkspace(
    sandbox,
    {
      apply: (changes) => applyFileChanges(context.db, session.id, changes),
      changed: context.filesChanged,
      // The agent's writes and shell commands go on; the person sees what was not saved.
      unstored: (paths, error) => context.warn(unstoredNotice(paths, error)),
    },
    context.isReadOnlyCommand,
  );
  await workspace.restore(stored.value.map((file) => ({ path: file.path, content: file.content })));

  const notes = createInspectorNotes();
  // A subagent's events (its calls' timelines) are noted apart, with its own round-trips; one runs at a time (`task` runs alone).
  const subagentNotes = createInspectorNotes();
  const store = historyStore(context.db, session.id, writer, context.warn, {
    observe: (event, at) => notes.observe(event, at),
    notesOf: (roundTripId) => notes.notesOf(roundTripId) ?? subagentNotes.notesOf(roundTripId),
  });
  const tools = bindTools(context.tools, workspace.sandbox);
  const observers: AgentEventObserver[] = [
    (event) => store.notesChanged(notes.observe(event, Date.now())),
    (event) => noteFinishedCards(writer, event),
    ...context.observers,
  ];
  const agent = createAgent({
    model: context.model,
    tools,
    spill: (path, text) => workspace.sandbox.writeFile(path, text),
    store,
    clock: { now: () => Date.now(), sleep: (ms, signal) => sleep(ms, signal) },
    newId: () => newId(),
    emit: (event) => {
      for (const observe of observers) observe(event);
    },
    requestApproval: (request, signal) => store.writeHeld().then(() => context.approvals.wait(request.callId, signal)),
    hooks: {
      ...createHooks(context, session, workspace, tools, store.writeHeld),
      ...(context.personHooks ? createPersonHooks({ sandbox: workspace.sandbox, commands: () => personHookCommands(context.settings()), now: () => Date.now() }) : {}),
    },
    ...(context.steering ? { steering: context.steering } : {}),
    workspaceContext: createWorkspaceContext(() => workspace.snapshot()),
    initialHistory: loaded.value,
    settings: agentSettingsFrom(context.settings(), session),
    // The `task` tool, with its default bounds (20 model requests, 5 minutes).
    subagents: {},
    // A hook run inside it reaches the session's own events (task-tool.ts): noted once, there.
    observeSubagent: (event) => {
      if (event.type !== 'hook_run') store.notesChanged(subagentNotes.observe(event, Date.now()));
      for (const observe of context.subagentObservers ?? []) observe(event);
    },
    ...(context.replayedSubagent ? { replayedSubagent: context.replayedSubagent } : {}),
  });
  return { session, agent, workspace, sandbox, flushRoundTrips: store.flush };
}

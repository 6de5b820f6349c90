/**
 * One agent session, in three parts that change at different speeds:
 * - `SessionServices`: built once by `createSession` and never replaced (the injected
 *   dependencies, the resolved config, the scheduler, the compressor and the guards);
 * - `SessionState`: what the session remembers from one interaction to the next (the
 *   history, the live settings, what the person allowed, provider ids already answered);
 * - `Interaction`: the facts one interaction freezes when it starts (its id, model,
 *   settings and signal; A16).
 * Each step of an interaction gets the three together as a `Run`.
 */
import type { Content } from '../shared/content';
import { withEntryIds } from '../shared/content';
import { resolveConfig } from './config';
import type { ResolvedConfig } from './config';
import type { ChatDependencies } from './chat/chat';
import { createCompressor } from './compression/compressor';
import type { Compressor } from './compression/compressor';
import { summarizeHistory } from './compression/summarize';
import { createLoopDetector } from './guards/loop-detector';
import type { LoopDetector, LoopDetectorConfig } from './guards/loop-detector';
import { createRepeatedCallWarner } from './guards/repeated-call-warner';
import type { RepeatedCallWarner } from './guards/repeated-call-warner';
import { createValidationRetryTracker } from './guards/validation-retry';
import type { ValidationRetryTracker } from './guards/validation-retry';
import { createScheduler } from './scheduler/scheduler';
import type { Scheduler } from './scheduler/scheduler';
import type { AgentDependencies, AgentSettings, CommitOptions } from './types';
import { messageOf } from '../shared/errors';
import type { AppError, Result } from '../shared/errors';

export interface SessionServices {
  readonly deps: AgentDependencies;
  readonly config: ResolvedConfig;
  readonly scheduler: Scheduler;
  readonly compressor: Compressor;
  readonly loopDetector: LoopDetector;
  /** Repeated-call reminders (H8). */
  readonly warner: RepeatedCallWarner;
  /** The "stop retrying this" directive after repeated validation failures (C6). */
  readonly validationTracker: ValidationRetryTracker;
}

export interface SessionState {
  /** As committed: every change goes through `commitHistory`. */
  history: Content[];
  /** A commit still being written that the next model request waits for (commitHistory's `beforeRequest`). */
  storing: Promise<void> | null;
  /** Live settings; an interaction copies them when it starts. */
  readonly settings: AgentSettings;
  /** Tools the person allowed for the rest of the session (proceed_always). */
  readonly allowedTools: Set<string>;
  /** `promptTokenCount` of the last response; 0 when unknown. */
  lastPromptTokenCount: number;
  /** Provider call ids already answered, and those already answered as duplicates: a repeat is not run again (F8). */
  readonly handledProviderIds: Set<string>;
  readonly duplicateProviderIds: Set<string>;
  /** Model round trips in this session, for maxSessionTurns (J6). */
  sessionTurns: number;
}

export interface Interaction {
  id: string;
  /** Model and settings, frozen when the interaction starts (A16). */
  model: string;
  settings: AgentSettings;
  signal: AbortSignal;
  modelInfoSent: boolean;
  /**
   * The person's message of this interaction is not stored yet: a refused commit before it
   * (an automatic compression's, or its own) refuses the message (`user_message_refused`).
   */
  awaitingPrompt: boolean;
}

/** What each step of an interaction works with. */
export interface Run {
  readonly services: SessionServices;
  readonly state: SessionState;
  readonly interaction: Interaction;
}

export interface Session {
  readonly services: SessionServices;
  readonly state: SessionState;
  /** Starts an interaction: from now on the session's services (the summarizer, tool timeouts) serve this one. */
  begin(interaction: Interaction): Run;
  /** The interaction running now, or the last one. */
  current(): Run;
}

export function createSession(deps: AgentDependencies): Session {
  const config = resolveConfig(deps.config);
  const settings = { ...deps.settings };
  const state: SessionState = {
    // Stored as loaded: interruption() classifies it as is; repair happens on the next push and send.
    history: [...(deps.initialHistory ?? [])],
    storing: null,
    settings,
    allowedTools: deps.allowedTools ?? new Set(),
    lastPromptTokenCount: 0,
    handledProviderIds: new Set(),
    duplicateProviderIds: new Set(),
    sessionTurns: 0,
  };
  let current: Run;
  const services: SessionServices = {
    deps,
    config,
    loopDetector: createLoopDetector({ config: loopDetectorConfig(config), heuristics: settings.loopHeuristics ?? false }),
    warner: createRepeatedCallWarner({ threshold: config.repeatedCallWarningThreshold, maxWarningsPerTurn: config.maxWarningsPerTurn }),
    validationTracker: createValidationRetryTracker({ threshold: config.validationRetryThreshold }),
    compressor: createCompressor({
      summarize: (contents, signal) => summarizeHistory(chatDependencies(current), current.interaction.model, contents, signal),
      config: { threshold: config.compressionThreshold },
    }),
    scheduler: createScheduler({
      tools: deps.tools,
      clock: deps.clock,
      emit: (event) => deps.emit(event),
      requestApproval: (request, signal) => deps.requestApproval(request, signal),
      approvalMode: () => state.settings.approvalMode,
      allowedTools: state.allowedTools,
      ...(deps.hooks ? { hooks: deps.hooks } : {}),
      maxConcurrency: config.maxConcurrency,
      liveOutputThrottleMs: config.liveOutputThrottleMs,
      toolTimeoutMs: () => current.interaction.settings.toolTimeoutMs,
    }),
  };
  const begin = (interaction: Interaction): Run => (current = { services, state, interaction });
  begin({ id: '', model: settings.model, settings, signal: new AbortController().signal, modelInfoSent: false, awaitingPrompt: false });
  return { services, state, begin, current: () => current };
}

function loopDetectorConfig(config: ResolvedConfig): Partial<LoopDetectorConfig> {
  return {
    identicalCallThreshold: config.identicalCallThreshold,
    shellStagnationThreshold: config.shellStagnationThreshold,
    softToolCallCap: config.softToolCallCap,
    hardToolCallCap: config.hardToolCallCap,
    ...(config.maxToolCallsPerTurn === undefined ? {} : { maxToolCallsPerTurn: config.maxToolCallsPerTurn }),
  };
}

/** What the chat layer needs for one of this run's model calls. */
export function chatDependencies(run: Run): ChatDependencies {
  const { model, store, clock, newId, emit } = run.services.deps;
  return { model, store, clock, newId, emit, config: run.services.config, interactionId: run.interaction.id, beforeRequest: () => settleStoring(run) };
}

/** How a commit may complete; see commitHistory. */
export interface CommitHow extends CommitOptions {
  /**
   * The loop may go on while it is written, up to the next model request, which waits for it
   * (settleStoring): the request is built meanwhile. Nothing is sent before it is durable.
   */
  beforeRequest?: boolean;
}

/**
 * Every commit point (INVARIANT c): the new history is durable before the loop moves on, or
 * with `beforeRequest` before the next model request (and before the next commit, and the
 * interaction's end). A commit the store refuses (a full disk) puts the stored history back, so
 * what was not stored is neither sent with the next message nor stored behind it. `withNext`
 * lets the store write this history with the next commit (see HistoryStore.commit): still
 * before the next request.
 */
export async function commitHistory(run: Pick<Run, 'services' | 'state'>, given: Content[], how: CommitHow = {}): Promise<void> {
  await settleStoring(run);
  // An entry joins the history with its id, which it keeps (Content.entryId: what a fork names).
  const history = withEntryIds(given, run.services.deps.newId);
  const { state } = run;
  const stored = state.history;
  state.history = history;
  const writing = run.services.deps.store
    .commit(history, how.withNext ? { withNext: true } : undefined)
    .catch(
      (thrown: unknown): Result<void> => ({ ok: false, error: { kind: 'store', message: messageOf(thrown) } }), // a store that broke its contract
    )
    .then((outcome) => {
      if (outcome.ok) return;
      if (state.history === history) state.history = stored;
      throw new CommitRefused(outcome.error);
    });
  if (!how.beforeRequest) return writing;
  // Its refusal is thrown where it is waited for (settleStoring), not as an unhandled rejection here.
  writing.catch(() => undefined);
  state.storing = writing;
}

/** Waits for a commit still being written (commitHistory's `beforeRequest`); throws its CommitRefused. */
export async function settleStoring(run: Pick<Run, 'state'>): Promise<void> {
  const { storing } = run.state;
  if (!storing) return;
  run.state.storing = null;
  await storing;
}

/**
 * A refused commit unwinds the interaction (nothing after it may run on a history that was not
 * stored). It carries the store's error as data; `reported` once an event has said so.
 */
export class CommitRefused extends Error {
  reported = false;
  constructor(readonly error: AppError) {
    super(error.message);
    this.name = 'CommitRefused';
  }
}

/**
 * The state one agent session keeps between interactions, and the per-interaction facts
 * frozen when an interaction is admitted (A16). Built once by `createAgent`.
 */
import type { Content } from '../shared/content';
import { resolveConfig } from './config';
import type { ResolvedConfig } from './config';
import type { ChatDependencies } from './chat/chat';
import { createCompressor } from './compression/compressor';
import type { Compressor } from './compression/compressor';
import { createLoopDetector } from './guards/loop-detector';
import type { LoopDetector } from './guards/loop-detector';
import { createRepeatedCallWarner } from './guards/repeated-call-warner';
import type { RepeatedCallWarner } from './guards/repeated-call-warner';
import { createValidationRetryTracker } from './guards/validation-retry';
import type { ValidationRetryTracker } from './guards/validation-retry';
import { createScheduler } from './scheduler/scheduler';
import type { Scheduler } from './scheduler/scheduler';
import { summarizeHistory } from './summarizer';
import type { AgentDependencies, AgentSettings } from './types';

export interface Session {
  deps: AgentDependencies;
  config: ResolvedConfig;
  history: Content[];
  /** Live settings; an interaction copies them when it starts. */
  settings: AgentSettings;
  /** Tools the person allowed for the rest of the session (proceed_always). */
  allowedTools: Set<string>;
  loopDetector: LoopDetector;
  warner: RepeatedCallWarner;
  validationTracker: ValidationRetryTracker;
  compressor: Compressor;
  scheduler: Scheduler;
  /** `promptTokenCount` of the last response; 0 when unknown. */
  lastPromptTokenCount: number;
  /** Provider call ids already answered, and those already answered as duplicates: a repeat is not run again (F8). */
  handledProviderIds: Set<string>;
  duplicateProviderIds: Set<string>;
  /** Model round trips in this session, for maxSessionTurns (J6). */
  sessionTurns: number;
  /** The interaction running now (or the last one), for round-trip records. */
  interaction: Interaction;
}

export interface Interaction {
  id: string;
  /** Model and settings, frozen when the interaction starts (A16). */
  model: string;
  settings: AgentSettings;
  signal: AbortSignal;
  modelInfoSent: boolean;
}

export function createSession(deps: AgentDependencies): Session {
  const config = resolveConfig(deps.config);
  const settings = { ...deps.settings };
  const loopConfig: Parameters<typeof createLoopDetector>[0] = {
    config: {
      identicalCallThreshold: config.identicalCallThreshold,
      shellStagnationThreshold: config.shellStagnationThreshold,
      softToolCallCap: config.softToolCallCap,
      hardToolCallCap: config.hardToolCallCap,
      ...(config.maxToolCallsPerTurn === undefined ? {} : { maxToolCallsPerTurn: config.maxToolCallsPerTurn }),
    },
    heuristics: settings.loopHeuristics ?? false,
  };
  const allowedTools = new Set<string>();
  const session: Session = {
    deps,
    config,
    // Stored as loaded: interruption() classifies it as is; repair happens on the next push and send.
    history: [...(deps.initialHistory ?? [])],
    settings,
    allowedTools,
    loopDetector: createLoopDetector(loopConfig),
    warner: createRepeatedCallWarner({ threshold: config.repeatedCallWarningThreshold, maxWarningsPerTurn: config.maxWarningsPerTurn }),
    validationTracker: createValidationRetryTracker({ threshold: config.validationRetryThreshold }),
    compressor: createCompressor({
      summarize: (contents, signal) => summarizeHistory(chatDependencies(session), session.interaction.model, contents, signal),
      config: { threshold: config.compressionThreshold },
    }),
    scheduler: createScheduler({
      tools: deps.tools,
      clock: deps.clock,
      emit: (event) => deps.emit(event),
      requestApproval: (request, signal) => deps.requestApproval(request, signal),
      approvalMode: () => session.settings.approvalMode,
      allowedTools,
      ...(deps.hooks ? { hooks: deps.hooks } : {}),
      maxConcurrency: config.maxConcurrency,
      liveOutputThrottleMs: config.liveOutputThrottleMs,
      toolTimeoutMs: () => session.interaction.settings.toolTimeoutMs,
    }),
    lastPromptTokenCount: 0,
    handledProviderIds: new Set(),
    duplicateProviderIds: new Set(),
    sessionTurns: 0,
    interaction: { id: '', model: settings.model, settings, signal: new AbortController().signal, modelInfoSent: false },
  };
  return session;
}

export function chatDependencies(session: Session): ChatDependencies {
  const { model, store, clock, newId, emit } = session.deps;
  return { model, store, clock, newId, emit, config: session.config, interactionId: session.interaction.id };
}

/**
 * Every commit point (INVARIANT c): the new history is durable before the loop moves on. A
 * commit the store refuses (a full disk) puts the stored history back, so what was not stored
 * is neither sent with the next message nor stored behind it.
 */
export async function commitHistory(session: Session, history: Content[]): Promise<void> {
  const stored = session.history;
  session.history = history;
  try {
    await session.deps.store.commit(history);
  } catch (thrown) {
    if (session.history === history) session.history = stored;
    throw thrown;
  }
}

/**
 * The agent's public surface: its events (A4), its injected dependencies, and the session API the
 * worker drives. All plain data or interfaces: the agent imports no DOM, SDK, sandbox, Dexie, timers
 * or fetch (STYLE.md: inject them).
 */
import type { Content, Part } from '../shared/content';
import type { AppError, Result } from '../shared/errors';
import type { ProjectInstructions } from '../shared/project-instructions';
import type { FinishReason, LanguageModel, ModelRequest, Usage } from '../model/types';
import type { ToolDisplay, ToolPreview } from '../shared/tool-display';
import type { ToolKind, ToolRegistry } from '../tools/types';

/** The seven states of a tool call (C1). The last three are terminal. */
export type ToolCallStatus = 'validating' | 'awaiting_approval' | 'scheduled' | 'executing' | 'success' | 'error' | 'cancelled';

/** UI-CONTRACT.md approval modes, switchable while the agent runs. */
export type ApprovalMode = 'ask' | 'auto-edit' | 'plan' | 'allow-all';

export type ApprovalOutcome = 'proceed_once' | 'proceed_always' | 'cancel';

/** A snapshot of one tool call, for the UI (sent on every status change). */
export interface ToolCallView {
  callId: string;
  name: string;
  args: Record<string, unknown>;
  kind?: ToolKind;
  /** One line: path, pattern or command. */
  summary: string;
  status: ToolCallStatus;
  /** Live shell output while executing (E6: cleared when the call leaves executing). */
  liveOutput?: string;
  preview?: ToolPreview;
  display?: ToolDisplay;
  /** Text sent to the model (output or error). */
  resultText?: string;
  errorType?: string;
  /** Declaration index in its batch (D5). */
  index: number;
}

export interface ApprovalRequest {
  callId: string;
  name: string;
  args: Record<string, unknown>;
  summary: string;
  preview: ToolPreview;
  kind: ToolKind;
}

export interface RetryInfo {
  attempt: number;
  maxRetries: number;
  delayMs: number;
  /** Which of the independent retry budgets (B1). */
  reason: 'rate-limit' | 'transport' | 'invalid-stream' | 'context-overflow' | 'server';
  message: string;
}

export type LoopType =
  | 'consecutive_identical_tool_calls'
  | 'shell_command_stagnation'
  | 'turn_tool_call_cap'
  | 'repeated_duplicate_provider_tool_call'
  | 'chanting_identical_sentences'
  | 'repeated_thoughts'
  | 'read_file_loop'
  | 'action_stagnation'
  | 'global_duplicate'
  | 'alternating_pattern';

export type CompressionStatus =
  | 'COMPRESSED'
  | 'COMPRESSION_FAILED_INFLATED_TOKEN_COUNT'
  /** Gemini CLI's status for a failed token count; never reported here (counts are estimated locally). */
  | 'COMPRESSION_FAILED_TOKEN_COUNT_ERROR'
  | 'COMPRESSION_FAILED_EMPTY_SUMMARY'
  /** Qwen: the summary hit the output limit, so it is incomplete and not applied. */
  | 'COMPRESSION_FAILED_OUTPUT_TRUNCATED'
  /** Qwen: the summarizer call failed (after its retries). */
  | 'COMPRESSION_FAILED_API_ERROR'
  | 'NOOP'
  | 'CONTENT_TRUNCATED';

/**
 * The next-speaker check (J5), as the transcript shows it. `rule` decisions need no model call (the last turn
 * answered tools, or the model's reply was empty); `failed` means the check could not decide (the model call
 * failed, or its answer was not the JSON asked for), and the person speaks next.
 */
export type NextSpeakerCheck =
  | { phase: 'asking' }
  | { phase: 'decided'; nextSpeaker: 'user' | 'model'; source: 'rule' | 'model' | 'failed'; reasoning: string };

/**
 * What the agent reports as it works (A4): Gemini CLI's 18 event kinds (text, thoughts,
 * tool calls, retries, compression, loop stops, hook stops…), ZCode's anomaly warning, and
 * updates for the UI.
 */
export type AgentEvent =
  | { type: 'content'; value: string }
  | { type: 'thought'; value: { subject: string; description: string } }
  | { type: 'tool_call_request'; value: { callId: string; name: string; args: Record<string, unknown> } }
  | { type: 'tool_call_response'; value: { callId: string; name: string; response: Record<string, unknown> } }
  | { type: 'tool_call_confirmation'; value: ApprovalRequest }
  | { type: 'user_cancelled' }
  /** The person's message joined the stored history: the worker answers the person's send with it. */
  | { type: 'user_message_stored' }
  /** The store refused the person's message (or a commit before it): it is not in the history, nothing was sent; the interaction ends. */
  | { type: 'user_message_refused'; value: { error: AppError } }
  | { type: 'error'; value: { error: AppError & { status?: number } } }
  | { type: 'chat_compressed'; value: { originalTokenCount: number; newTokenCount: number; compressionStatus: CompressionStatus } }
  | { type: 'max_session_turns' }
  | { type: 'finished'; value: { reason: FinishReason; usageMetadata?: Usage } }
  | { type: 'loop_detected'; value: { loopType: LoopType; detail?: string } }
  | { type: 'citation'; value: string }
  | { type: 'retry'; value: RetryInfo }
  | { type: 'context_window_will_overflow'; value: { estimatedRequestTokenCount: number; remainingTokenCount: number } }
  | { type: 'invalid_stream'; value: { type: string; message: string } }
  | { type: 'model_info'; value: string }
  | { type: 'agent_execution_stopped'; value: { reason: string; systemMessage?: string } }
  /** `replacesResponse`: AfterModel blocked a response mid-stream; what it streamed so far is void (J4). */
  | { type: 'agent_execution_blocked'; value: { reason: string; systemMessage?: string; replacesResponse?: boolean } }
  | { type: 'model_anomaly_warning'; value: { message: string } }
  /** The optional next-speaker check (J5), asked (a visible model call) and then decided. */
  | { type: 'next_speaker_check'; value: NextSpeakerCheck }
  // UI-facing updates that are not in Gemini CLI's enum:
  | { type: 'tool_calls_update'; value: ToolCallView[] }
  | { type: 'round_trip_start'; value: { roundTripId: string; model: string } }
  | { type: 'round_trip_end'; value: { roundTripId: string } }
  /** After each round-trip whose response gave its usage. */
  | { type: 'context_usage'; value: ContextUsage }
  | { type: 'interaction_end'; value: { outcome: InteractionOutcome } };

/** The tokens of the last request (its response's `promptTokenCount`) against the model's window (`tokenLimit`). */
export interface ContextUsage { promptTokenCount: number; tokenLimit: number; model: string }

export type InteractionOutcome = 'completed' | 'cancelled' | 'error' | 'loop_detected' | 'stopped' | 'overflow';

/** One model call with its raw request and response, for the loop inspector and replay. */
export interface RoundTrip {
  id: string;
  /** Which interaction (one user prompt and its continuations) it belongs to. */
  interactionId: string;
  startedAt: number;
  endedAt?: number;
  request: ModelRequest;
  /** Raw provider chunks as received. */
  response: unknown[];
  error?: AppError;
  /** Its turn (one model request and its retries: attempt 2+ is a retry) and, unless the agent's own turn, what the call was for; absent in older records. */
  turn?: { id: string; attempt: number; purpose?: 'compression' | 'next_speaker' };
}

/** How a commit may be written. */
export interface CommitOptions {
  withNext?: boolean;
}

/** Where committed history goes; the worker backs it with IndexedDB. */
export interface HistoryStore {
  /**
   * Resolves once `history` is durable, or with why it is not (a full disk, another tab's change). The agent awaits it before the next model request.
   * With `withNext`, the store may instead keep `history` and write it with the next commit, in one
   * transaction (a model turn whose calls only read, written with their results): it then resolves
   * at once, and must still write it before anything waits on the person (a pause, an approval)
   * and before the run ends.
   */
  commit(history: readonly Content[], options?: CommitOptions): Promise<Result<void>>;
  /** The raw model call, for the Loop inspector. Not a commit point: it may resolve before the record is durable. */
  recordRoundTrip(roundTrip: RoundTrip): Promise<void>;
}

export interface Clock {
  now(): number;
  /** Rejects with an AbortError when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** Hook results (J1–J4). All optional; a throwing hook is logged and ignored (J7). */
export interface HookDecision {
  decision?: 'stop' | 'block';
  reason?: string;
  systemMessage?: string;
  additionalContext?: string;
  /** BeforeModel or AfterModel block: a synthetic response instead of the model's. */
  syntheticResponse?: Part[];
  /** BeforeModel: changes to this one request (not to the stored history), applied before it is sent. */
  modifiedRequest?: { model?: string; config?: ModelRequest['config']; contents?: Content[] };
  /** AfterModel: the parts to use instead of the chunk's (shown, and stored with the model turn). */
  modifiedParts?: Part[];
  /** Stop hook: continue with `additionalContext` (J3). */
  continue?: boolean;
}

export interface Hooks {
  beforeAgent?(input: { parts: Part[]; signal: AbortSignal }): Promise<HookDecision | void>;
  /** `stopHookActive` is true once this interaction goes on because an AfterAgent block asked it to (J2). */
  afterAgent?(input: { history: readonly Content[]; stopHookActive: boolean; signal: AbortSignal }): Promise<HookDecision | void>;
  beforeModel?(input: { request: ModelRequest; signal: AbortSignal }): Promise<HookDecision | void>;
  /** Per streamed chunk (J4): may stop, block with a replacement response, or transform the chunk. */
  afterModel?(input: { parts: Part[]; signal: AbortSignal }): Promise<HookDecision | void>;
  /** `args`: the call's arguments as its tool validated them (the card's `call.args` are the model's own). */
  beforeTool?(input: { call: ToolCallView; args: Record<string, unknown>; signal: AbortSignal }): Promise<HookDecision | void>;
  afterTool?(input: { call: ToolCallView; signal: AbortSignal }): Promise<HookDecision | void>;
  postToolBatch?(input: { calls: ToolCallView[]; signal: AbortSignal }): Promise<HookDecision | void>;
}

export interface AgentSettings {
  /** Model id; frozen per interaction (A16). */
  model: string;
  approvalMode: ApprovalMode;
  /** Extra text appended to the built-in system prompt. */
  systemPromptExtra?: string;
  /** Off by default (J5). */
  nextSpeakerCheck?: boolean;
  /** Heuristic loop checks, off by default (H4). */
  loopHeuristics?: boolean;
  /** Optional per-tool timeout in ms (C12). */
  toolTimeoutMs?: number;
}

export interface AgentDependencies {
  model: LanguageModel;
  /** Bound to the session's workspace by the worker. */
  tools: ToolRegistry;
  /** Saves an output the batch output budget holds back (E5) in the workspace; may reject (then the output is only cut). */
  spill(path: string, text: string): Promise<void>;
  store: HistoryStore;
  clock: Clock;
  newId(): string;
  emit(event: AgentEvent): void;
  /** Correlated request/response (STYLE.md §9): resolves with the person's choice. */
  requestApproval(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalOutcome>;
  hooks?: Hooks;
  /** What the workspace adds to requests (the worker reads it from the session's files). */
  workspaceContext?: WorkspaceContext;
  /** Injectable thresholds (spec §3.0); defaults apply where omitted. */
  config?: Partial<AgentConfig>;
  initialHistory?: readonly Content[];
  settings: AgentSettings;
}

/** Read anew for each use, so edits to the files count from the next request. */
export interface WorkspaceContext {
  /** AGENTS.md (else GEMINI.md) at the workspace root, for the system instruction of every request; null when neither exists. */
  projectInstructions(): Promise<ProjectInstructions | null>;
  /** The part that carries the files a person's message mentions (`@path`), or null when it mentions none that exist. */
  mentionedFiles(text: string): Promise<Part | null>;
}

export interface AgentConfig {
  maxTurns: number;
  maxSessionTurns: number;
  identicalCallThreshold: number;
  shellStagnationThreshold: number;
  softToolCallCap: number;
  hardToolCallCap: number;
  maxToolCallsPerTurn?: number;
  validationRetryThreshold: number;
  maxConcurrency: number;
  rateLimitRetries: number;
  transportRetries: number;
  invalidStreamRetries: number;
  serverRetries: number;
  overflowCompressions: number;
  compressionThreshold: number;
  repeatedCallWarningThreshold: number;
  maxWarningsPerTurn: number;
  /** Rate-limit and server backoff without Retry-After: from this, doubling (B1). */
  retryInitialDelayMs?: number;
  /** Cap of that backoff. */
  retryMaxDelayMs?: number;
  /** Transport replay delay, times the attempt number (B3). */
  transportDelayMs?: number;
  /** Invalid-stream retry delay, doubling per attempt (A12). */
  invalidStreamDelayMs?: number;
  /** Recovery turns after a MAX_TOKENS answer without calls (B10); 0 disables. */
  outputRecoveryTurns?: number;
  /** Stop-hook continuations per interaction (J3). */
  stopHookContinuations?: number;
  /** At most one live-output update per call within this many ms (E6). */
  liveOutputThrottleMs?: number;
  /** The batch output budget (E5): the results of one batch may add at most this many bytes; 0 turns it off. */
  batchOutputBudgetBytes?: number;
}

export type AgentInput =
  | { type: 'user_query'; text: string }
  /** Resume an interrupted session (G1/G2): the `Continue` button. */
  | { type: 'continue' };

export type Interruption =
  | { type: 'none' }
  | { type: 'interrupted_prompt'; parts: Part[] }
  | { type: 'interrupted_turn'; dangling: { callId: string; name: string }[] };

export interface Agent {
  /** Runs one interaction to its end. Never rejects; the outcome is also emitted as `interaction_end`. */
  run(input: AgentInput, signal: AbortSignal): Promise<InteractionOutcome>;
  history(): readonly Content[];
  interruption(): Interruption;
  /** Applies at once, also to calls already waiting for approval where the new mode allows them. */
  setApprovalMode(mode: ApprovalMode): void;
  /** Applies from the next interaction (A16). */
  updateSettings(settings: Partial<AgentSettings>): void;
  /** "Disable loop detection for this session" (H6): for the rest of this session. */
  disableLoopDetection(): void;
  /** I: manual compression. */
  compress(signal: AbortSignal): Promise<CompressionStatus>;
}

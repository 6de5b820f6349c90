/**
 * The agent's public surface: its events (A4, in events.ts), its injected dependencies, and the
 * session API the worker drives. All plain data or interfaces: the agent imports no DOM, SDK, sandbox, Dexie, timers
 * or fetch (STYLE.md: inject them).
 */
import type { Content, Part } from '../shared/content';
import type { AppError, Result } from '../shared/errors';
import type { HookRun } from '../shared/hook-run';
import type { ProjectInstructions } from '../shared/project-instructions';
import type { PromptImage } from '../shared/prompt-images';
import type { LanguageModel, ModelRequest } from '../model/types';
import type { ToolRegistry } from '../tools/types';
import type { AgentEvent, ApprovalRequest, CompressionStatus, InteractionOutcome, ToolCallView } from './events';

export type {
  AgentEvent,
  ApprovalRequest,
  CompressionStatus,
  ContextUsage,
  InteractionOutcome,
  LoopType,
  NextSpeakerCheck,
  RetryInfo,
  ToolCallStatus,
  ToolCallView,
} from './events';

/** UI-CONTRACT.md approval modes, switchable while the agent runs. */
export type ApprovalMode = 'ask' | 'auto-edit' | 'plan' | 'allow-all';

export type ApprovalOutcome = 'proceed_once' | 'proceed_always' | 'cancel';

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
  /** Made by the subagent of this `task` call (its nested loop), not by the session's own loop; absent otherwise. */
  subagent?: { callId: string; description: string };
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
  /** AfterTool or AfterAgent: the hook ran a command the person defined; emitted as `hook_run` (and kept on the call's view). */
  hookRun?: HookRun;
}

export interface Hooks {
  beforeAgent?(input: { parts: Part[]; signal: AbortSignal }): Promise<HookDecision | void>;
  /** `stopHookActive` is true once this interaction goes on because an AfterAgent block asked it to (J2). */
  /**
   * `approvalMode`: the mode now (Plan runs no command); `continuationsLeft`: how many more times a `continue` is honoured
   * in this interaction (J3), so a hook whose answer would be ignored need not do its work.
   */
  afterAgent?(input: {
    history: readonly Content[];
    stopHookActive: boolean;
    approvalMode: ApprovalMode;
    continuationsLeft: number;
    signal: AbortSignal;
  }): Promise<HookDecision | void>;
  beforeModel?(input: { request: ModelRequest; signal: AbortSignal }): Promise<HookDecision | void>;
  /** Per streamed chunk (J4): may stop, block with a replacement response, or transform the chunk. */
  afterModel?(input: { parts: Part[]; signal: AbortSignal }): Promise<HookDecision | void>;
  /** `args`: the call's arguments as its tool validated them (the card's `call.args` are the model's own). */
  beforeTool?(input: { call: ToolCallView; args: Record<string, unknown>; signal: AbortSignal }): Promise<HookDecision | void>;
  afterTool?(input: { call: ToolCallView; signal: AbortSignal }): Promise<HookDecision | void>;
  postToolBatch?(input: { calls: ToolCallView[]; signal: AbortSignal }): Promise<HookDecision | void>;
}

/** A message the person sent while the agent works, to join the run at its next boundary. */
export interface SteeringMessage {
  /** The sender's id: what `steering_joined` names it by. */
  id: string;
  text: string;
  /** Images attached to it: they join with its text, in the same entry. */
  images?: PromptImage[];
}

/**
 * Where steering messages wait (the worker's inbox). The agent takes every waiting message at a
 * boundary: after a batch's results are stored, before the next request; or after a reply
 * without calls, before the Stop hook. A message taken is the agent's: it is stored, or given
 * back (`giveBack`, in front of the others) when the store refuses it. What is never taken
 * stays, and the worker gives it back to the person when the run ends.
 */
export interface SteeringInbox {
  take(): SteeringMessage[];
  giveBack(messages: readonly SteeringMessage[]): void;
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
  /** Steering messages sent while the agent works; none when absent. */
  steering?: SteeringInbox;
  /** What the workspace adds to requests (the worker reads it from the session's files). */
  workspaceContext?: WorkspaceContext;
  /** Injectable thresholds (spec §3.0); defaults apply where omitted. */
  config?: Partial<AgentConfig>;
  initialHistory?: readonly Content[];
  settings: AgentSettings;
  /**
   * What the person allowed "for this session" (sessionAllowKey keys), when it is shared: a
   * subagent gets its parent's, so it does not ask again for what was allowed, and what is
   * allowed while it runs stays allowed after it ends. Absent: the agent's own, new set.
   */
  allowedTools?: Set<string>;
  /** Offers the `task` tool (subagent/task-tool.ts) with these bounds (defaults where omitted); absent: no subagents. */
  subagents?: Partial<SubagentLimits>;
  /** Sees each event of a subagent's nested loop, which never reaches `emit` (the worker's Loop inspector notes of its round-trips). */
  observeSubagent?(event: AgentEvent, subagent: { callId: string; description: string }): void;
  /**
   * A replay's recording of this `task` call's subagent, as a model that plays it: the subagent
   * runs again (its tools for real) with it instead of the parent's model. Undefined for a call
   * the recording holds no subagent of: the registry's own `task` (a replay's stand-in) answers it.
   */
  replayedSubagent?(callId: string): LanguageModel | undefined;
}

/** How far one subagent may go. */
export interface SubagentLimits {
  /** Model requests one subagent may make (default 20). */
  maxTurns: number;
  /** How long one subagent may run, in ms (default 5 minutes). */
  timeLimitMs: number;
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
  /** `images`: attached to the message; they follow its text in the same user entry. */
  | { type: 'user_query'; text: string; images?: PromptImage[] }
  /** Resume an interrupted session (G1/G2): the `Continue` button. */
  | { type: 'continue' }
  /**
   * Run the calls the history's last model entry asked for, through the scheduler and its
   * approvals, as if that reply had just arrived; then go on as after any tool round. A fork
   * whose reply was edited (issue 26) starts so; `continue` would answer the calls unrun.
   */
  | { type: 'run_calls' };

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

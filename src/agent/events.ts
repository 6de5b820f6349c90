/**
 * What the agent reports as it works (A4): the events, and the views and values they carry (a
 * tool call's card, an approval to give, a retry, a compression, a loop, the context used, how
 * an interaction ended). Plain data, posted to the page as is.
 */
import type { AppError } from '../shared/errors';
import type { FinishReason, Usage } from '../model/types';
import type { HookRun } from '../shared/hook-run';
import type { SubagentView } from '../shared/subagent-view';
import type { ToolDisplay, ToolPreview, ToolProgress } from '../shared/tool-display';
import type { ToolKind } from '../tools/types';

/** The seven states of a tool call (C1). The last three are terminal. */
export type ToolCallStatus = 'validating' | 'awaiting_approval' | 'scheduled' | 'executing' | 'success' | 'error' | 'cancelled';

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
  /** The tool's latest progress while executing (an MCP server's notifications); cleared, as live output is, when the call leaves executing. */
  progress?: ToolProgress;
  preview?: ToolPreview;
  display?: ToolDisplay;
  /** Text sent to the model (output or error). */
  resultText?: string;
  errorType?: string;
  /** Declaration index in its batch (D5). */
  index: number;
  /** The person's After each edit hook, run after this call (its output is in `resultText` too). */
  hookRun?: HookRun;
  /** A `task` call's nested loop, live while it runs and kept once it ended. */
  subagent?: SubagentView;
}

export interface ApprovalRequest {
  callId: string;
  name: string;
  args: Record<string, unknown>;
  summary: string;
  preview: ToolPreview;
  kind: ToolKind;
  /** Asked from inside a subagent: its `task` call's description (the approval card names it). */
  subagent?: string;
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
  /**
   * The person's message (`message`) or a model reply (`reply`) joined the stored history, with
   * the id it keeps there (Content.entryId): the transcript names it by that id (forks).
   */
  | { type: 'entry_stored'; value: { entryId: string; kind: 'message' | 'reply' } }
  /** Steering messages that joined the history (stored), in order: the next request carries them. `id`: the inbox's id of each. */
  | { type: 'steering_joined'; value: { messages: { id: string; entryId: string; text: string }[] } }
  | { type: 'error'; value: { error: AppError & { status?: number } } }
  | { type: 'chat_compressed'; value: { originalTokenCount: number; newTokenCount: number; compressionStatus: CompressionStatus } }
  | { type: 'max_session_turns' }
  | { type: 'finished'; value: { reason: FinishReason; usageMetadata?: Usage } }
  | { type: 'loop_detected'; value: { loopType: LoopType; detail?: string } }
  | { type: 'citation'; value: string }
  /** The provider ran one of its own tools on its servers (Gemini's URL context); nothing runs here. `summary`: one line for the person. */
  | { type: 'server_tool_call'; value: { toolType: string; summary: string } }
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
  /** A hook the person defined (Settings → Hooks) ran its command: an AfterTool or AfterAgent hook's `hookRun`. */
  | { type: 'hook_run'; value: HookRun }
  // UI-facing updates that are not in Gemini CLI's enum:
  | { type: 'tool_calls_update'; value: ToolCallView[] }
  /** `purpose`: set when the call is not the agent's own turn (a compression's summary, the next-speaker check), as on its RoundTrip. */
  | { type: 'round_trip_start'; value: { roundTripId: string; model: string; purpose?: 'compression' | 'next_speaker' } }
  | { type: 'round_trip_end'; value: { roundTripId: string } }
  /** After each round-trip whose response gave its usage. */
  | { type: 'context_usage'; value: ContextUsage }
  | { type: 'interaction_end'; value: { outcome: InteractionOutcome } };

/** The tokens of the last request (its response's `promptTokenCount`) against the model's window (`tokenLimit`). */
export interface ContextUsage { promptTokenCount: number; tokenLimit: number; model: string }

export type InteractionOutcome = 'completed' | 'cancelled' | 'error' | 'loop_detected' | 'stopped' | 'overflow';

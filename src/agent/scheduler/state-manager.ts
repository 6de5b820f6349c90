/**
 * The calls of one batch and their seven states (C1). The only place a status
 * changes: terminal states are final (C2), every change emits a `tool_calls_update`
 * snapshot, UI-only fields are dropped when a call leaves `executing` (E6), and live
 * output is throttled on the injected clock.
 */
import { cancelledSubagentView } from '../../shared/subagent-view';
import type { SubagentView } from '../../shared/subagent-view';
import type { ToolProgress } from '../../shared/tool-display';
import type { Tool, ToolError, ToolResult } from '../../tools/types';
import type { ToolCallStatus, ToolCallView } from '../types';

export interface ToolCallRequestInfo {
  callId: string;
  name: string;
  args: Record<string, unknown>;
  /** Declaration index in its batch (D5). */
  index: number;
}

/** How the call fared at validation; feeds the validation-retry tracker (C6). */
export type ValidationVerdict = 'passed' | 'invalid_params' | 'output_truncated' | 'not_registered' | 'denied';

export type CallOutcome =
  | { status: 'success'; result: ToolResult }
  | { status: 'error'; error: ToolError; result?: ToolResult }
  | { status: 'cancelled'; reason: string };

export interface CallRecord {
  request: ToolCallRequestInfo;
  tool: Tool | undefined;
  /** Validated arguments (a private copy: tool-side mutation never reaches history, C11). */
  args: Record<string, unknown>;
  view: ToolCallView;
  validation: ValidationVerdict;
  outcome?: CallOutcome;
  /** The person allowed this call (not only the approval mode), so a stricter mode need not ask again. */
  approvedByPerson?: boolean;
}

export function isTerminal(status: ToolCallStatus): boolean {
  return status === 'success' || status === 'error' || status === 'cancelled';
}

export interface StateManager {
  add(record: CallRecord): void;
  records(): readonly CallRecord[];
  get(callId: string): CallRecord | undefined;
  /** Returns false (and changes nothing) when the call is already terminal. */
  setStatus(callId: string, status: ToolCallStatus, patch?: Partial<ToolCallView>): boolean;
  /** Sets the terminal status and the result together (and `patch`: what an AfterTool hook adds to the view). */
  finish(callId: string, outcome: CallOutcome, patch?: Partial<ToolCallView>): boolean;
  appendLiveOutput(callId: string, text: string): void;
  /** The tool's latest progress, shown while the call executes at the live-output pace. */
  setProgress(callId: string, progress: ToolProgress): void;
  /** A `task` call's subagent as it goes: kept on the view (also once it ended), shown at the live-output pace. */
  setSubagent(callId: string, view: SubagentView): void;
}

function outcomeView(outcome: CallOutcome): Partial<ToolCallView> {
  switch (outcome.status) {
    case 'success': {
      const content = outcome.result.llmContent;
      const resultText = typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('\n');
      return outcome.result.display ? { resultText, display: outcome.result.display } : { resultText };
    }
    case 'error':
      return outcome.result?.display
        ? { resultText: outcome.error.message, errorType: outcome.error.type, display: outcome.result.display }
        : { resultText: outcome.error.message, errorType: outcome.error.type };
    case 'cancelled':
      return { resultText: `[Operation Cancelled] Reason: ${outcome.reason}`, errorType: 'CANCELLED' };
  }
}

/** A card shows at most this much live output, the latest (E6); the tool's result is separate. */
export const LIVE_OUTPUT_LIMIT = 64 * 1024;
export const LIVE_OUTPUT_ELIDED = '[… earlier output not shown …]\n';

/** The end of a long live output, so a noisy command cannot grow a card (and every copy of it) without bound. */
function lastOf(text: string): string {
  if (text.length <= LIVE_OUTPUT_LIMIT) return text;
  return LIVE_OUTPUT_ELIDED + text.slice(text.length - (LIVE_OUTPUT_LIMIT - LIVE_OUTPUT_ELIDED.length));
}

export function createStateManager(options: {
  emit(views: ToolCallView[]): void;
  now(): number;
  throttleMs: number;
  /** Waits on the agent's clock; the trailing live-output update uses it. */
  sleep(ms: number): Promise<void>;
}): StateManager {
  const list: CallRecord[] = [];
  const lastLiveEmit = new Map<string, number>();
  /** Calls with held-back live output and an update already scheduled for it. */
  const trailing = new Set<string>();

  /** Output held back by the live-output throttle is shown when the throttle window ends, even if the command goes quiet (E6). */
  function scheduleTrailing(callId: string, delay: number): void {
    if (trailing.has(callId)) return;
    trailing.add(callId);
    void options.sleep(delay).then(() => {
      trailing.delete(callId);
      if (get(callId)?.view.status !== 'executing') return;
      lastLiveEmit.set(callId, options.now());
      emitSnapshot();
    });
  }

  function emitSnapshot(): void {
    options.emit(list.map((record) => structuredClone(record.view)));
  }

  function get(callId: string): CallRecord | undefined {
    return list.find((record) => record.request.callId === callId);
  }

  function setStatus(callId: string, status: ToolCallStatus, patch: Partial<ToolCallView> = {}): boolean {
    const record = get(callId);
    if (!record || isTerminal(record.view.status)) return false;
    const leavingExecution = record.view.status === 'executing' && status !== 'executing';
    const live = record.view.liveOutput;
    Object.assign(record.view, patch, { status });
    if (leavingExecution) {
      delete record.view.liveOutput;
      delete record.view.progress;
      // A stopped subagent's calls still under way end with it on the card.
      if (status === 'cancelled' && record.view.subagent) record.view.subagent = cancelledSubagentView(record.view.subagent);
      // What a cancelled command printed stays visible (K2).
      if (status === 'cancelled' && live && !record.view.display) record.view.display = { type: 'text', text: live };
    }
    emitSnapshot();
    return true;
  }

  return {
    add(record) {
      list.push(record);
      emitSnapshot();
    },
    records: () => list,
    get,
    setStatus,
    finish(callId, outcome, patch = {}) {
      const record = get(callId);
      if (!record || isTerminal(record.view.status)) return false;
      record.outcome = outcome;
      return setStatus(callId, outcome.status, { ...outcomeView(outcome), ...patch });
    },
    appendLiveOutput(callId, text) {
      const record = get(callId);
      if (!record || record.view.status !== 'executing') return;
      record.view.liveOutput = lastOf((record.view.liveOutput ?? '') + text);
      emitLive(callId);
    },
    setProgress(callId, progress) {
      const record = get(callId);
      if (!record || record.view.status !== 'executing') return;
      record.view.progress = { ...progress };
      emitLive(callId);
    },
    setSubagent(callId, view) {
      const record = get(callId);
      if (!record || record.view.status !== 'executing') return;
      record.view.subagent = structuredClone(view);
      emitLive(callId);
    },
  };

  /** At most one live update per call within the throttle window; the last one held back follows when it ends (E6). */
  function emitLive(callId: string): void {
    const now = options.now();
    const last = lastLiveEmit.get(callId);
    if (last !== undefined && now - last < options.throttleMs) return scheduleTrailing(callId, options.throttleMs - (now - last));
    lastLiveEmit.set(callId, now);
    emitSnapshot();
  }
}

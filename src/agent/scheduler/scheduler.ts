/**
 * The tool scheduler (C, D): one batch at a time, through
 * intake → approvals → waves of execution → one terminal outcome per call.
 * A batch scheduled while another runs waits in a queue (C9). Whatever happens (abort,
 * hook stop, exception) every call ends terminal, and results come back in declaration
 * order (D5).
 */
import { USER_CANCELLED_REASON } from '../history/function-response';
import { callHook, decisionMessage, decisionReason } from '../hooks';
import type { HookRun } from '../../shared/hook-run';
import type { ToolRegistry } from '../../tools/types';
import type { AgentEvent, ApprovalMode, ApprovalOutcome, ApprovalRequest, Clock, Hooks } from '../types';
import { admitCalls, awaitApprovals, confirmBeforeRun, reapplyApprovalMode } from './confirmation';
import type { ApprovalContext, OpenApprovals } from './confirmation';
import { isConcurrencySafe, partitionWaves } from './policy';
import { createStateManager, isTerminal } from './state-manager';
import type { CallOutcome, CallRecord, StateManager, ToolCallRequestInfo, ValidationVerdict } from './state-manager';
import { executeCall } from './tool-executor';
import { intakeCall } from './validation';
import type { ToolCallView } from '../types';

export interface SchedulerDependencies {
  tools: ToolRegistry;
  clock: Clock;
  emit(event: AgentEvent): void;
  requestApproval(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalOutcome>;
  approvalMode(): ApprovalMode;
  allowedTools: Set<string>;
  hooks?: Hooks;
  maxConcurrency: number;
  liveOutputThrottleMs: number;
  toolTimeoutMs(): number | undefined;
}

export interface CompletedToolCall {
  request: ToolCallRequestInfo;
  outcome: CallOutcome;
  validation: ValidationVerdict;
  view: ToolCallView;
}

export interface BatchResult {
  calls: CompletedToolCall[];
  /** A BeforeTool hook asked to stop the interaction. */
  stop?: { reason: string; systemMessage?: string };
}

export interface Scheduler {
  schedule(requests: ToolCallRequestInfo[], signal: AbortSignal, options?: { outputTruncated?: boolean }): Promise<BatchResult>;
  /** Re-applies the (already changed) approval mode to calls waiting for approval. */
  onApprovalModeChanged(): void;
  /** Stop: rejects every queued batch (K3). */
  cancelAll(): void;
}

export const QUEUED_CANCEL_MESSAGE = 'Tool call cancelled while in queue.';
export const CANCEL_ALL_MESSAGE = 'Operation cancelled by user';

interface Queued {
  start(): void;
  reject(error: Error): void;
}

export function createScheduler(deps: SchedulerDependencies): Scheduler {
  let active: { records: readonly CallRecord[]; context: ApprovalContext; open: OpenApprovals } | undefined;
  let busy = false;
  const queue: Queued[] = [];

  async function runBatch(requests: ToolCallRequestInfo[], signal: AbortSignal, outputTruncated: boolean): Promise<BatchResult> {
    const state = createStateManager({
      emit: (views) => deps.emit({ type: 'tool_calls_update', value: views }),
      now: () => deps.clock.now(),
      throttleMs: deps.liveOutputThrottleMs,
      sleep: (ms) => deps.clock.sleep(ms, new AbortController().signal),
    });
    const context: ApprovalContext = { ...deps, state };
    const open: OpenApprovals = new Map();
    active = { records: state.records(), context, open };
    for (const request of requests) {
      const { record, earlyError } = intakeCall(request, deps.tools, outputTruncated);
      if (earlyError) {
        record.outcome = { status: 'error', error: earlyError };
        Object.assign(record.view, { resultText: earlyError.message, errorType: earlyError.type });
      }
      state.add(record);
    }
    const records = [...state.records()];
    let stop: BatchResult['stop'];
    try {
      await admitCalls(records, context, signal);
      await awaitApprovals(records, context, open, signal);
      if (!signal.aborted) stop = await executeWaves(records, state, context, open, signal);
    } finally {
      // Calls that never ran: the person cancelled, or a BeforeTool hook stopped the batch.
      const reason = stop && !signal.aborted ? `Not run: a hook stopped the batch (${stop.reason}).` : USER_CANCELLED_REASON;
      for (const record of records) {
        if (!isTerminal(record.view.status)) state.finish(record.request.callId, { status: 'cancelled', reason });
      }
      active = undefined;
    }
    const calls = records
      .map((record) => ({ request: record.request, outcome: record.outcome!, validation: record.validation, view: structuredClone(record.view) }))
      .sort((a, b) => a.request.index - b.request.index);
    return stop ? { calls, stop } : { calls };
  }

  async function executeWaves(
    records: CallRecord[],
    state: StateManager,
    context: ApprovalContext,
    open: OpenApprovals,
    signal: AbortSignal,
  ): Promise<BatchResult['stop']> {
    const ready = records.filter((record) => record.view.status === 'scheduled');
    const waves = partitionWaves(ready, (record) => isConcurrencySafe(record.tool, record.args));
    let stop: BatchResult['stop'];
    for (const wave of waves) {
      const inFlight = new Set<Promise<void>>();
      for (const record of wave) {
        while (inFlight.size >= Math.max(1, deps.maxConcurrency)) await Promise.race(inFlight);
        if (signal.aborted || stop) break;
        const decision = await callHook(deps.hooks, 'beforeTool', { call: structuredClone(record.view), args: structuredClone(record.args), signal });
        if (signal.aborted) break;
        if (decision?.decision === 'block' || decision?.decision === 'stop') {
          const reason = decisionReason(decision, 'Blocked by a hook.');
          state.finish(record.request.callId, { status: 'error', error: { type: 'EXECUTION_DENIED', message: reason } });
          if (decision.decision === 'stop') stop = decisionMessage(decision, 'Blocked by a hook.');
          continue;
        }
        if (!(await confirmBeforeRun(record, context, open, signal))) continue;
        if (signal.aborted) break;
        const running = runOne(record, state, signal).finally(() => inFlight.delete(running));
        inFlight.add(running);
      }
      await Promise.all(inFlight);
      if (signal.aborted || stop) break;
    }
    return stop;
  }

  async function runOne(record: CallRecord, state: StateManager, signal: AbortSignal): Promise<void> {
    const { callId } = record.request;
    if (!state.setStatus(callId, 'executing')) return;
    let outcome = await executeCall(
      record,
      {
        clock: deps.clock,
        timeoutMs: deps.toolTimeoutMs(),
        onOutput: (text) => state.appendLiveOutput(callId, text),
        onProgress: (progress) => state.setProgress(callId, progress),
        onSubagent: (view) => state.setSubagent(callId, view),
      },
      signal,
    );
    let hookRun: HookRun | undefined;
    if (outcome.status !== 'cancelled' && !signal.aborted) {
      const view: ToolCallView = { ...structuredClone(record.view), status: outcome.status };
      const decision = await callHook(deps.hooks, 'afterTool', { call: view, signal });
      if (decision) outcome = applyAfterTool(outcome, decision.decision, decision.reason, decision.additionalContext);
      hookRun = decision?.hookRun;
      if (hookRun) deps.emit({ type: 'hook_run', value: hookRun });
    }
    state.finish(callId, outcome, hookRun ? { hookRun } : {});
  }

  function startNext(): void {
    const next = queue.shift();
    if (next) next.start();
  }

  return {
    schedule(requests, signal, options = {}) {
      return new Promise<BatchResult>((resolve, reject) => {
        const onAbort = (): void => {
          const index = queue.indexOf(item);
          if (index >= 0) queue.splice(index, 1);
          reject(new Error(QUEUED_CANCEL_MESSAGE));
        };
        const item: Queued = {
          start() {
            signal.removeEventListener('abort', onAbort);
            busy = true;
            runBatch(requests, signal, options.outputTruncated ?? false)
              .then(resolve, reject)
              .finally(() => {
                busy = false;
                startNext();
              });
          },
          reject(error) {
            signal.removeEventListener('abort', onAbort);
            reject(error);
          },
        };
        if (!busy) return item.start();
        if (signal.aborted) return reject(new Error(QUEUED_CANCEL_MESSAGE));
        signal.addEventListener('abort', onAbort, { once: true });
        queue.push(item);
      });
    },
    onApprovalModeChanged() {
      if (active) reapplyApprovalMode(active.records, active.context, active.open);
    },
    cancelAll() {
      for (const item of queue.splice(0)) item.reject(new Error(CANCEL_ALL_MESSAGE));
    },
  };
}

/** AfterTool: extra context is appended to what the model reads; a block turns the result into an error. */
function applyAfterTool(outcome: CallOutcome, decision: 'stop' | 'block' | undefined, reason: string | undefined, context: string | undefined): CallOutcome {
  if (decision === 'block' || decision === 'stop') {
    return { status: 'error', error: { type: 'EXECUTION_DENIED', message: reason ?? 'Blocked by a hook.' } };
  }
  if (!context) return outcome;
  switch (outcome.status) {
    case 'success': {
      const content = outcome.result.llmContent;
      const llmContent = typeof content === 'string' ? `${content}\n\n${context}` : [...content, { text: context }];
      return { status: 'success', result: { ...outcome.result, llmContent } };
    }
    case 'error':
      return { ...outcome, error: { ...outcome.error, message: `${outcome.error.message}\n\n${context}` } };
    case 'cancelled':
      return outcome;
  }
}

/**
 * The tool half of a round trip: the calls of one reply, run and answered. The guards come
 * first (a provider id repeated after it was reported as a duplicate, F8; loop detection as
 * in H1–H3), then the scheduler runs the batch, and the answer is one user Content with exactly
 * one functionResponse per call in the order the model asked for them (A3, D5, E3). On its
 * way: retry-loop directives (C6), the PostToolBatch hook (E4), repeated-call reminders (H8)
 * and the batch output budget (E5). The Content is committed before anything else happens,
 * even when the interaction stops here (K2, K4).
 */
import type { FinishReason } from '../../model/types';
import type { Part } from '../../shared/content';
import { applyBatchOutputBudget } from '../batch-output-budget';
import type { LoopDetection } from '../guards/loop-detector';
import { errorFunctionResponse } from '../history/function-response';
import type { BatchResult } from '../scheduler/scheduler';
import { commitHistory } from '../session';
import type { Run } from '../session';
import type { PendingCall } from '../turn/reply-stream';
import type { InteractionOutcome } from '../types';
import { applyPostToolBatchHook } from './post-tool-batch';
import { errorView, responseParts } from './responses';

export const LOOP_NOT_EXECUTED_MESSAGE = 'Tool call not executed: loop detected.';

/** Runs one batch; resolves with the outcome that ends the interaction, or null to go on. */
export async function runToolRound(run: Run, calls: PendingCall[], finishReason?: FinishReason): Promise<InteractionOutcome | null> {
  const loop = loopBeforeRunning(run, calls);
  if (loop) return stopForLoop(run, calls, loop);

  const fresh = calls.filter((call) => !call.duplicate);
  const batch = await run.services.scheduler.schedule(
    fresh.map(({ callId, name, args, index }) => ({ callId, name, args, index })),
    run.interaction.signal,
    { outputTruncated: finishReason === 'MAX_TOKENS' },
  );
  let parts = responseParts(run, calls, batch);
  const hookStop = await applyPostToolBatchHook(run, calls, batch, parts);
  parts = withRepeatedCallReminders(run, fresh, parts);
  ({ parts } = await applyBatchOutputBudget(parts, run.services.config.batchOutputBudgetBytes, (path, text) => run.services.deps.spill(path, text)));
  rememberProviderIds(run, calls);
  await commitResults(run, parts);

  return roundOutcome(run, batch, fresh.length === calls.length, hookStop ?? batch.stop);
}

/**
 * Whether the batch must not run: the provider repeated an id already answered as a duplicate
 * (F8), or a call completes a loop (H1–H3). Otherwise this round's calls are counted, after
 * its stream ended: a retry of a later model call rolls the per-turn count back to here, not
 * to before this round (the loop-detection rollback floor, H5).
 */
function loopBeforeRunning(run: Run, calls: PendingCall[]): LoopDetection | null {
  const { loopDetector } = run.services;
  const repeated = calls.find((call) => call.duplicate && run.state.duplicateProviderIds.has(call.providerId!));
  if (repeated) {
    const detail = `The provider sent tool call id "${repeated.providerId}" again after it was reported as a duplicate.`;
    return { loopType: 'repeated_duplicate_provider_tool_call', detail };
  }
  for (const call of calls) {
    if (call.duplicate) continue;
    const detection = loopDetector.onToolCall({ name: call.name, args: call.args });
    if (detection) return detection;
  }
  loopDetector.onFinished();
  return null;
}

/** A loop was detected (H6): nothing of this round trip runs; each call is answered so pairing holds. */
async function stopForLoop(run: Run, calls: PendingCall[], detection: LoopDetection): Promise<InteractionOutcome> {
  const { emit } = run.services.deps;
  emit({ type: 'tool_calls_update', value: calls.map((call) => errorView(run, call, LOOP_NOT_EXECUTED_MESSAGE)) });
  const parts = calls.map((call) => errorFunctionResponse(call.callId, call.name, LOOP_NOT_EXECUTED_MESSAGE));
  await commitHistory(run, [...run.state.history, { role: 'user', parts }]);
  emit({ type: 'loop_detected', value: { loopType: detection.loopType, detail: detection.detail } });
  return 'loop_detected';
}

/** Repeated-call reminders for the model go after the results (H8); the warnings are for the person. */
function withRepeatedCallReminders(run: Run, fresh: PendingCall[], parts: Part[]): Part[] {
  const { reminders, warnings } = run.services.warner.onBatch(fresh.map(({ name, args }) => ({ name, args })));
  for (const message of warnings) run.services.deps.emit({ type: 'model_anomaly_warning', value: { message } });
  return [...parts, ...reminders.map((reminder) => ({ text: reminder }))]; // already wrapped in <system-reminder>
}

/** Provider ids answered now, and those answered as duplicates: a repeat is not run again (F8). */
function rememberProviderIds(run: Run, calls: PendingCall[]): void {
  const { state } = run;
  for (const call of calls) {
    if (!call.providerId) continue;
    if (call.duplicate) state.duplicateProviderIds.add(call.providerId);
    state.handledProviderIds.add(call.providerId);
  }
}

/**
 * The results as one user Content, committed before anything else happens (K2, K4); the next
 * request is built while it is written, and sent only once it is stored (`beforeRequest`).
 */
async function commitResults(run: Run, parts: Part[]): Promise<void> {
  const { deps, compressor } = run.services;
  for (const part of parts) {
    const response = part.functionResponse;
    if (response) deps.emit({ type: 'tool_call_response', value: { callId: response.id ?? '', name: response.name, response: response.response } });
  }
  await commitHistory(run, [...run.state.history, { role: 'user', parts }], { beforeRequest: true });
  compressor.onToolBatchCompleted();
}

/** After Stop (or when the person refused every call) the model is never called again (K2, K4); a hook's stop ends here too. */
function roundOutcome(run: Run, batch: BatchResult, noDuplicates: boolean, stop: BatchResult['stop']): InteractionOutcome | null {
  const { emit } = run.services.deps;
  const allCancelled = batch.calls.length > 0 && batch.calls.every((call) => call.outcome.status === 'cancelled');
  if (run.interaction.signal.aborted || (allCancelled && noDuplicates)) {
    emit({ type: 'user_cancelled' });
    return 'cancelled';
  }
  if (stop) {
    emit({ type: 'agent_execution_stopped', value: stop });
    return 'stopped';
  }
  return null;
}

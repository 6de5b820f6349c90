/**
 * The tool half of a round trip: guards before scheduling (duplicate provider ids F8,
 * loop detection H1–H3), the scheduler, then one user Content with exactly one
 * functionResponse per call in declaration order (A3, D5, E3), plus retry-loop directives
 * (C6), the PostToolBatch hook (E4), repeated-call reminders (H8) and the batch output
 * budget (E5). The Content is committed before anything else happens, even when the
 * interaction stops here (K2, K4).
 */
import type { Part } from '../shared/content';
import type { FinishReason } from '../model/types';
import { applyBatchOutputBudget } from './batch-output-budget';
import { DUPLICATE_CALL_ID_MESSAGE } from './history/duplicate-ids';
import { cancelledFunctionResponse, convertToFunctionResponse, errorFunctionResponse } from './history/function-response';
import type { LoopDetection } from './guards/loop-detector';
import type { ValidationOutcome as TrackedOutcome } from './guards/validation-retry';
import { callHook, decisionMessage, decisionReason } from './hooks';
import type { CompletedToolCall } from './scheduler/scheduler';
import { unscheduledErrorView } from './scheduler/validation';
import { commitHistory } from './session';
import type { Session } from './session';
import type { PendingCall } from './turn';
import type { InteractionOutcome, ToolCallView } from './types';

export const LOOP_NOT_EXECUTED_MESSAGE = 'Tool call not executed: loop detected.';

/** Runs one batch; resolves with the outcome that ends the interaction, or null to go on. */
export async function runToolRound(session: Session, calls: PendingCall[], finishReason?: FinishReason): Promise<InteractionOutcome | null> {
  const { deps } = session;
  const { signal } = session.interaction;
  const isDuplicate = (call: PendingCall): boolean => call.duplicate === true;
  const repeated = calls.find((call) => isDuplicate(call) && session.duplicateProviderIds.has(call.providerId!));
  if (repeated) {
    const detail = `The provider sent tool call id "${repeated.providerId}" again after it was reported as a duplicate.`;
    return stopForLoop(session, calls, { loopType: 'repeated_duplicate_provider_tool_call', detail });
  }
  const fresh = calls.filter((call) => !isDuplicate(call));
  for (const call of fresh) {
    const detection = session.loopDetector.onToolCall({ name: call.name, args: call.args });
    if (detection) return stopForLoop(session, calls, detection);
  }
  // The loop-detection rollback floor (H5): this round's calls are counted now, after its stream ended; a retry of a later
  // model call rolls the per-turn count back to here, not to before this round.
  session.loopDetector.onFinished();

  const batch = await session.scheduler.schedule(
    fresh.map(({ callId, name, args, index }) => ({ callId, name, args, index })),
    signal,
    { outputTruncated: finishReason === 'MAX_TOKENS' },
  );
  const completed = new Map(batch.calls.map((call) => [call.request.callId, call]));
  const suffixes = session.validationTracker.recordBatch(batch.calls.map(trackedOutcome));
  const suffixById = new Map(batch.calls.map((call, index) => [call.request.callId, suffixes[index] ?? '']));

  let parts: Part[] = calls.map((call) => {
    const done = completed.get(call.callId);
    if (!done) return errorFunctionResponse(call.callId, call.name, DUPLICATE_CALL_ID_MESSAGE(call.providerId ?? call.callId));
    return responsePart(done, suffixById.get(call.callId) ?? '');
  });
  emitDuplicateViews(session, calls.filter(isDuplicate));

  let stop = batch.stop;
  if (!signal.aborted) {
    const decision = await callHook(deps.hooks, 'postToolBatch', { calls: batch.calls.map((call) => call.view), signal });
    if (decision?.decision === 'stop' || decision?.decision === 'block') {
      const reason = decisionReason(decision, 'Stopped by a hook.');
      const last = parts.at(-1)?.functionResponse;
      if (last) parts[parts.length - 1] = errorFunctionResponse(last.id ?? '', last.name, reason);
      const lastCall = calls.at(-1);
      const shown = lastCall && completed.get(lastCall.callId)?.view;
      // The card keeps what it showed (a diff, output) and says what the model was told instead.
      if (shown) deps.emit({ type: 'tool_calls_update', value: [{ ...shown, status: 'error', resultText: reason, errorType: 'EXECUTION_DENIED' }] });
      else if (lastCall) deps.emit({ type: 'tool_calls_update', value: [errorView(session, lastCall, reason)] });
      stop = decisionMessage(decision, 'Stopped by a hook.');
    } else if (decision?.additionalContext) {
      appendToLastResponse(parts, decision.additionalContext);
    }
  }
  const { reminders, warnings } = session.warner.onBatch(fresh.map(({ name, args }) => ({ name, args })));
  for (const message of warnings) deps.emit({ type: 'model_anomaly_warning', value: { message } });
  for (const reminder of reminders) parts.push({ text: reminder }); // already wrapped in <system-reminder>
  ({ parts } = await applyBatchOutputBudget(parts, session.config.batchOutputBudgetBytes, (path, text) => deps.spill(path, text)));

  for (const call of calls) {
    if (!call.providerId) continue;
    if (isDuplicate(call)) session.duplicateProviderIds.add(call.providerId);
    session.handledProviderIds.add(call.providerId);
  }
  for (const part of parts) {
    const response = part.functionResponse;
    if (response) deps.emit({ type: 'tool_call_response', value: { callId: response.id ?? '', name: response.name, response: response.response } });
  }
  await commitHistory(session, [...session.history, { role: 'user', parts }]);
  session.compressor.onToolBatchCompleted();

  const allCancelled = batch.calls.length > 0 && batch.calls.every((call) => call.outcome.status === 'cancelled');
  if (signal.aborted || (allCancelled && fresh.length === calls.length)) {
    deps.emit({ type: 'user_cancelled' }); // never call the model after a cancel (K2, K4)
    return 'cancelled';
  }
  if (stop) {
    deps.emit({ type: 'agent_execution_stopped', value: stop });
    return 'stopped';
  }
  return null;
}

function responsePart(call: CompletedToolCall, suffix: string): Part {
  const { callId, name } = call.request;
  const { outcome } = call;
  switch (outcome.status) {
    case 'success':
      return convertToFunctionResponse(callId, name, outcome.result.llmContent);
    case 'error':
      return errorFunctionResponse(callId, name, outcome.error.message + suffix);
    case 'cancelled':
      return cancelledFunctionResponse(callId, name, outcome.reason);
  }
}

function trackedOutcome(call: CompletedToolCall): TrackedOutcome {
  const tool = call.request.name;
  const message = call.outcome.status === 'error' ? call.outcome.error.message : '';
  switch (call.validation) {
    case 'invalid_params':
      return { tool, error: { kind: 'invalid_params', message } };
    case 'output_truncated':
      return { tool, error: { kind: 'truncated', message } };
    case 'passed':
      return { tool, passed: true, succeeded: call.outcome.status === 'success' };
    case 'not_registered':
    case 'denied':
      return { tool };
  }
}

/** The PostToolBatch hook's extra context goes at the end of the last call's output, or error (E4). */
function appendToLastResponse(parts: Part[], context: string): void {
  const index = parts.findLastIndex((part) => part.functionResponse);
  const response = parts[index]?.functionResponse;
  if (!response) return;
  const key = typeof response.response['output'] === 'string' ? 'output' : 'error';
  const current = response.response[key];
  parts[index] = { functionResponse: { ...response, response: { ...response.response, [key]: `${typeof current === 'string' ? current : ''}\n\n${context}` } } };
}

function emitDuplicateViews(session: Session, duplicates: PendingCall[]): void {
  if (duplicates.length === 0) return;
  session.deps.emit({ type: 'tool_calls_update', value: duplicates.map((call) => errorView(session, call, DUPLICATE_CALL_ID_MESSAGE(call.providerId ?? ''))) });
}

/** The card of a call answered with an error it was not run for, or whose result the PostToolBatch hook replaced (E4). */
function errorView(session: Session, call: PendingCall, message: string): ToolCallView {
  return unscheduledErrorView(session.deps.tools, call, message, 'EXECUTION_DENIED');
}

/** A loop was detected (H6): nothing of this round trip runs; each call is answered so pairing holds. */
async function stopForLoop(session: Session, calls: PendingCall[], detection: LoopDetection): Promise<InteractionOutcome> {
  const { deps } = session;
  deps.emit({ type: 'tool_calls_update', value: calls.map((call) => errorView(session, call, LOOP_NOT_EXECUTED_MESSAGE)) });
  const parts = calls.map((call) => errorFunctionResponse(call.callId, call.name, LOOP_NOT_EXECUTED_MESSAGE));
  await commitHistory(session, [...session.history, { role: 'user', parts }]);
  deps.emit({ type: 'loop_detected', value: { loopType: detection.loopType, detail: detection.detail } });
  return 'loop_detected';
}

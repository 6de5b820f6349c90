/**
 * What the model is told of each call of a batch, and the cards of calls that never ran.
 * Every call gets exactly one functionResponse (E1–E3): its result, its error (with the
 * "stop retrying this" directive after repeated validation failures, C6), or why it was
 * cancelled; a call the provider sent under an id already used is answered as a duplicate (F8).
 */
import type { Part } from '../../shared/content';
import type { CallValidation as TrackedOutcome } from '../guards/validation-retry';
import { DUPLICATE_CALL_ID_MESSAGE } from '../history/duplicate-ids';
import { cancelledFunctionResponse, convertToFunctionResponse, errorFunctionResponse } from '../history/function-response';
import type { BatchResult, CompletedToolCall } from '../scheduler/scheduler';
import { unscheduledErrorView } from '../scheduler/validation';
import type { Run } from '../session';
import type { PendingCall } from '../turn/reply-stream';
import type { ToolCallView } from '../types';

/** One response per call, in the order the model asked for them (D5); the duplicates' cards say why they did not run. */
export function responseParts(run: Run, calls: PendingCall[], batch: BatchResult): Part[] {
  const completed = new Map(batch.calls.map((call) => [call.request.callId, call]));
  const suffixes = run.services.validationTracker.recordBatch(batch.calls.map(trackedOutcome));
  const suffixById = new Map(batch.calls.map((call, index) => [call.request.callId, suffixes[index] ?? '']));
  const parts = calls.map((call) => {
    const done = completed.get(call.callId);
    if (!done) return errorFunctionResponse(call.callId, call.name, DUPLICATE_CALL_ID_MESSAGE(call.providerId ?? call.callId));
    return responsePart(done, suffixById.get(call.callId) ?? '');
  });
  const duplicates = calls.filter((call) => call.duplicate);
  if (duplicates.length > 0) {
    const views = duplicates.map((call) => errorView(run, call, DUPLICATE_CALL_ID_MESSAGE(call.providerId ?? '')));
    run.services.deps.emit({ type: 'tool_calls_update', value: views });
  }
  return parts;
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

/** How a call fared at validation, for the validation-retry tracker (C6). */
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

/** The card of a call answered with an error it was not run for, or whose result the PostToolBatch hook replaced (E4). */
export function errorView(run: Run, call: PendingCall, message: string): ToolCallView {
  return unscheduledErrorView(run.services.deps.tools, call, message, 'EXECUTION_DENIED');
}

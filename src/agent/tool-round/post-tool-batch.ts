/**
 * The PostToolBatch hook (E4), once the whole batch is final: it may add context to the last
 * result, or stop the interaction, in which case the last result says why instead.
 */
import type { Part } from '../../shared/content';
import { errorFunctionResponse } from '../history/function-response';
import { callHook, decisionMessage, decisionReason } from '../hooks';
import type { BatchResult } from '../scheduler/scheduler';
import type { Run } from '../session';
import type { PendingCall } from '../turn/reply-stream';
import { errorView } from './responses';

/** Changes `parts` as the hook decides; resolves with the hook's stop, if it stopped (or blocked) the interaction. */
export async function applyPostToolBatchHook(run: Run, calls: PendingCall[], batch: BatchResult, parts: Part[]): Promise<BatchResult['stop']> {
  const { signal } = run.interaction;
  if (signal.aborted) return undefined;
  const decision = await callHook(run.services.deps.hooks, 'postToolBatch', { calls: batch.calls.map((call) => call.view), signal });
  if (decision?.decision === 'stop' || decision?.decision === 'block') {
    const reason = decisionReason(decision, 'Stopped by a hook.');
    replaceLastResult(run, calls, batch, parts, reason);
    return decisionMessage(decision, 'Stopped by a hook.');
  }
  if (decision?.additionalContext) appendToLastResponse(parts, decision.additionalContext);
  return undefined;
}

/** The last result becomes the hook's reason; its card keeps what it showed (a diff, output) and says what the model was told instead. */
function replaceLastResult(run: Run, calls: PendingCall[], batch: BatchResult, parts: Part[], reason: string): void {
  const { emit } = run.services.deps;
  const last = parts.at(-1)?.functionResponse;
  if (last) parts[parts.length - 1] = errorFunctionResponse(last.id ?? '', last.name, reason);
  const lastCall = calls.at(-1);
  const shown = lastCall && batch.calls.find((call) => call.request.callId === lastCall.callId)?.view;
  if (shown) emit({ type: 'tool_calls_update', value: [{ ...shown, status: 'error', resultText: reason, errorType: 'EXECUTION_DENIED' }] });
  else if (lastCall) emit({ type: 'tool_calls_update', value: [errorView(run, lastCall, reason)] });
}

/** The hook's extra context goes at the end of the last call's output, or error (E4). */
function appendToLastResponse(parts: Part[], context: string): void {
  const index = parts.findLastIndex((part) => part.functionResponse);
  const response = parts[index]?.functionResponse;
  if (!response) return;
  const key = typeof response.response['output'] === 'string' ? 'output' : 'error';
  const current = response.response[key];
  parts[index] = { functionResponse: { ...response, response: { ...response.response, [key]: `${typeof current === 'string' ? current : ''}\n\n${context}` } } };
}

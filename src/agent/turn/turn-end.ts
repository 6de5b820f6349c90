/**
 * How a turn that produced no usable reply ends the interaction, and what it tells the person:
 * a hook's stop, a loop found in the stream, Stop, an invalid reply, a model error (A11).
 */
import { failureError } from '../chat/retry-policy';
import { decisionMessage } from '../hooks';
import type { Run } from '../session';
import type { HookDecision, InteractionOutcome } from '../types';
import type { ModelCallResult } from './model-call';
import type { PendingCall } from './reply-stream';
import type { FinishReason } from '../../model/types';

/** How a turn ended: a reply (its calls to run, if any), or the interaction's end. */
export type TurnOutcome =
  | { type: 'reply'; calls: PendingCall[]; finishReason?: FinishReason }
  | { type: 'end'; outcome: InteractionOutcome };

export function end(outcome: InteractionOutcome): TurnOutcome {
  return { type: 'end', outcome };
}

export function turnFailed(run: Run, result: Exclude<ModelCallResult, { type: 'ok' }>): TurnOutcome {
  const { emit } = run.services.deps;
  switch (result.type) {
    case 'stopped_before_call':
      return hookStopped(run, result.decision, 'Stopped before the model call.');
    case 'blocked_without_reply':
      return end('stopped');
    case 'hook':
      return hookStopped(run, result.decision, 'Response stopped.');
    case 'loop':
      emit({ type: 'loop_detected', value: result.detection });
      return end('loop_detected');
    case 'failed':
      break;
  }
  const { failure } = result;
  switch (failure.type) {
    case 'cancelled':
      emit({ type: 'user_cancelled' });
      return end('cancelled');
    case 'invalid_stream':
      emit({ type: 'invalid_stream', value: failure.invalid });
      return end('error');
    case 'model':
      emit({ type: 'error', value: { error: failureError(failure.failure) } });
      return end('error');
  }
}

function hookStopped(run: Run, decision: HookDecision, fallback: string): TurnOutcome {
  run.services.deps.emit({ type: 'agent_execution_stopped', value: decisionMessage(decision, fallback) });
  return end('stopped');
}

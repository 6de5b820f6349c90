/**
 * What follows a reply without tool calls (A2): output recovery after MAX_TOKENS (B10),
 * the Stop hook (J2, J3), the next-speaker check (J5), all bounded by MAX_TURNS (J6).
 * `end` with 'completed' is the normal exit.
 */
import { textContent } from '../shared/content';
import type { Part } from '../shared/content';
import type { FinishReason } from '../model/types';
import type { OutgoingMessage } from './turn/send-turn';
import { storeUserMessage } from './turn/store-turn';
import { callHook, decisionMessage } from './hooks';
import { checkNextSpeaker, CONTINUE_PROMPT } from './next-speaker';
import type { Run } from './session';
import type { InteractionOutcome } from './types';

export const OUTPUT_RECOVERY_PROMPT =
  'Output token limit hit. Resume directly — no apology, no recap of what you were doing. ' +
  'Pick up mid-thought if that is where the cut happened. Break remaining work into smaller pieces.';

/** Counters of one interaction. */
export interface ContinuationBudget {
  /** Continuations left before MAX_TURNS (J6). */
  turnsLeft: number;
  outputRecoveries: number;
  stopHookContinuations: number;
  /** This interaction already goes on because an AfterAgent hook blocked its end (J2). */
  stopHookActive: boolean;
}

export function continuationBudget(run: Run): ContinuationBudget {
  return { turnsLeft: run.services.config.maxTurns - 1, outputRecoveries: 0, stopHookContinuations: 0, stopHookActive: false };
}

export type Continuation = { type: 'send'; message: OutgoingMessage } | { type: 'end'; outcome: InteractionOutcome };

export async function nextContinuation(run: Run, budget: ContinuationBudget, finishReason: FinishReason | undefined): Promise<Continuation> {
  const { deps, config } = run.services;
  const { signal } = run.interaction;
  if (signal.aborted) return cancelled(run);
  if (budget.turnsLeft <= 0) return { type: 'end', outcome: 'completed' };

  if (finishReason === 'MAX_TOKENS' && budget.outputRecoveries < config.outputRecoveryTurns) {
    budget.outputRecoveries++;
    return send(budget, { kind: 'request_only', parts: [{ text: OUTPUT_RECOVERY_PROMPT }], joinWith: '' });
  }

  // The next-speaker check (J5) comes before the AfterAgent hook (J2): the model may go on first; AfterAgent fires
  // only when the agent would end (Gemini CLI: at the outermost call).
  if (run.interaction.settings.nextSpeakerCheck) {
    const speaker = await checkNextSpeaker(run);
    if (signal.aborted) return cancelled(run);
    if (speaker === 'model') return send(budget, { kind: 'user', parts: textContent('user', CONTINUE_PROMPT).parts });
  }

  const stopHook = await callHook(deps.hooks, 'afterAgent', {
    history: run.state.history,
    stopHookActive: budget.stopHookActive,
    approvalMode: run.interaction.settings.approvalMode,
    continuationsLeft: Math.max(0, config.stopHookContinuations - budget.stopHookContinuations),
    signal,
  });
  if (stopHook?.hookRun) deps.emit({ type: 'hook_run', value: stopHook.hookRun });
  if (signal.aborted) return cancelled(run);
  if (stopHook?.decision === 'stop') {
    deps.emit({ type: 'agent_execution_stopped', value: decisionMessage(stopHook, 'Stopped by a hook.') });
    return { type: 'end', outcome: 'stopped' };
  }
  if (stopHook?.decision === 'block') {
    // An AfterAgent block (J2): the hook's reason becomes the next prompt, which BeforeAgent sees like any other.
    const value = decisionMessage(stopHook, 'Please continue.');
    deps.emit({ type: 'agent_execution_blocked', value });
    budget.stopHookActive = true;
    const admitted = await admitPrompt(run, value.reason);
    return admitted.type === 'send' ? send(budget, admitted.message) : admitted;
  }
  const context = stopHook?.additionalContext?.trim();
  if (stopHook?.continue && context && budget.stopHookContinuations < config.stopHookContinuations) {
    budget.stopHookContinuations++;
    return send(budget, { kind: 'request_only', parts: [{ text: `<hook_context>${context}</hook_context>` }], joinWith: '\n\n' });
  }

  return { type: 'end', outcome: 'completed' };
}

/** Stop after the reply (in a hook or the next-speaker check) is a cancel like any other (K1). */
function cancelled(run: Run): Continuation {
  run.services.deps.emit({ type: 'user_cancelled' });
  return { type: 'end', outcome: 'cancelled' };
}

/**
 * A prompt (the person's, or an AfterAgent block's reason) passes the BeforeAgent hook (J1):
 * stop stores it and ends, block ends without it, context joins it as <hook_context>.
 * `attached`: parts that go with the text (the files a person's message mentions).
 */
export async function admitPrompt(run: Run, text: string, attached: Part[] = []): Promise<Continuation> {
  const { interaction } = run;
  const { deps } = run.services;
  const parts: Part[] = [{ text }, ...attached];
  const decision = await callHook(deps.hooks, 'beforeAgent', { parts: structuredClone(parts), signal: interaction.signal });
  if (decision?.decision === 'stop') {
    await storeUserMessage(run, parts);
    deps.emit({ type: 'agent_execution_stopped', value: decisionMessage(decision, 'Stopped by a hook.') });
    return { type: 'end', outcome: 'stopped' };
  }
  if (decision?.decision === 'block') {
    deps.emit({ type: 'agent_execution_blocked', value: decisionMessage(decision, 'Blocked by a hook.') });
    return { type: 'end', outcome: 'stopped' };
  }
  if (decision?.additionalContext) parts.push({ text: `<hook_context>${decision.additionalContext}</hook_context>` });
  return { type: 'send', message: { kind: 'user', parts } };
}

function send(budget: ContinuationBudget, message: OutgoingMessage): Continuation {
  budget.turnsLeft--;
  return { type: 'send', message };
}

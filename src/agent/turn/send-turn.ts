/**
 * One turn: everything around one model call (A1). Before it: compress if due, refuse a
 * message that would not fit, store a new user message (F1, F4), count the round trip. The
 * call itself (model-call.ts): the request built from stored history (F2–F6) and the project's
 * instructions, the BeforeModel/AfterModel hooks, the stream read into events (reply-stream.ts).
 * After it: the model turn stored once its stream succeeded (F7) and the context used reported.
 * Every store is a commit that completes before the model is called again.
 */
import type { Content, Part } from '../../shared/content';
import { isAbortError } from '../../shared/errors';
import { MODEL_CONTEXT_EXCEEDED_MESSAGE } from '../compression/compressor';
import type { CompressionOutcomeStatus } from '../compression/compressor';
import { compressHistory, wouldOverflow } from '../compression/context-window';
import { reportContextUsage } from '../context-usage';
import { dropEmptyParts, mergeAdjacentText, stripThoughts } from '../history/request-contents';
import type { Run } from '../session';
import { currentProjectInstructions } from '../workspace-context';
import { callModel, requestBuilder } from './model-call';
import type { TurnResult } from './reply-stream';
import { onlyReads, storeModelTurn, storeUserMessage } from './store-turn';
import { end, turnFailed } from './turn-end';
import type { TurnOutcome } from './turn-end';

export type OutgoingMessage =
  /** A new user message: stored, then sent. */
  | { kind: 'user'; parts: Part[] }
  /** The message is already the tail of stored history (tool results, a resumed prompt). */
  | { kind: 'stored' }
  /**
   * Sent but never stored, only in the request history (A17): output recovery (B10), stop-hook
   * context (J3). The reply continues the model turn before it, joined by `joinWith` ('' mid-thought,
   * a blank line for a new answer).
   */
  | { kind: 'request_only'; parts: Part[]; joinWith: string };

/** Sends `message` and reads the reply. Stop at any point ends the turn as cancelled; anything else thrown is a bug. */
export async function sendTurn(run: Run, message: OutgoingMessage): Promise<TurnOutcome> {
  try {
    return await sendTurnOrThrow(run, message);
  } catch (thrown) {
    if (!isAbortError(thrown) && !run.interaction.signal.aborted) throw thrown;
    run.services.deps.emit({ type: 'user_cancelled' });
    return end('cancelled');
  }
}

async function sendTurnOrThrow(run: Run, message: OutgoingMessage): Promise<TurnOutcome> {
  // The model turn a request-only reply continues, as it is now.
  const continued = message.kind === 'request_only' ? run.state.history.at(-1) : undefined;
  const refused = await prepareHistory(run, message, continued !== undefined);
  if (refused) return refused;
  if (sessionTurnsUsedUp(run)) return end('stopped');

  const build = requestBuilder(run, message.kind === 'request_only' ? message.parts : undefined, await currentProjectInstructions(run));
  announceModel(run);
  const result = await callModel(run, build);
  if (result.type !== 'ok') return turnFailed(run, result);

  const joinWith = message.kind === 'request_only' && continued === run.state.history.at(-1) ? message.joinWith : null;
  await keepReply(run, result, joinWith);
  return result.finishReason ? { type: 'reply', calls: result.calls, finishReason: result.finishReason } : { type: 'reply', calls: result.calls };
}

/**
 * The history the request is built from: compressed if due (not while a request-only reply
 * is pending: automatic compression waits until the answer is whole), checked against the
 * window, and with a new user message stored. An end when the message cannot be sent.
 */
async function prepareHistory(run: Run, message: OutgoingMessage, continuesAnswer: boolean): Promise<TurnOutcome | null> {
  if (!continuesAnswer && (await compressBeforeSending(run, message)) === 'rapid_refill_blocked') {
    run.services.deps.emit({ type: 'error', value: { error: { kind: 'ModelContextExceeded', message: MODEL_CONTEXT_EXCEEDED_MESSAGE } } });
    return end('error');
  }
  const incoming: Content | undefined = message.kind === 'stored' ? run.state.history.at(-1) : { role: 'user', parts: message.parts };
  if (incoming && wouldOverflow(run, incoming)) return end('overflow');
  if (message.kind === 'user') await storeUserMessage(run, message.parts);
  return null;
}

/**
 * Automatic compression (I2) before the message is stored. A Stop meanwhile still keeps a
 * new prompt, as a Stop while the model streams does (B8): it is stored and offered to
 * Continue, instead of vanishing with the cancelled compression.
 */
async function compressBeforeSending(run: Run, message: OutgoingMessage): Promise<CompressionOutcomeStatus> {
  const { signal } = run.interaction;
  try {
    return await compressHistory(run, false, signal);
  } catch (thrown) {
    if (message.kind === 'user' && signal.aborted) await storeUserMessage(run, message.parts);
    throw thrown;
  }
}

/** Counts this round trip against the session's cap (maxSessionTurns, J6); true, and said so, once past it. */
function sessionTurnsUsedUp(run: Run): boolean {
  const { maxSessionTurns } = run.services.config;
  run.state.sessionTurns++;
  if (maxSessionTurns <= 0 || run.state.sessionTurns <= maxSessionTurns) return false;
  run.services.deps.emit({ type: 'max_session_turns' });
  return true;
}

/** The interaction's model, said once before its first request. */
function announceModel(run: Run): void {
  const { interaction } = run;
  if (interaction.modelInfoSent) return;
  interaction.modelInfoSent = true;
  run.services.deps.emit({ type: 'model_info', value: interaction.model });
}

/** A reply that arrived whole: its prompt size kept for the window checks, its model turn stored, the context used reported. */
async function keepReply(run: Run, result: Extract<TurnResult, { type: 'ok' }>, joinWith: string | null): Promise<void> {
  const promptTokenCount = result.usage?.promptTokenCount;
  if (promptTokenCount !== undefined) run.state.lastPromptTokenCount = promptTokenCount;
  await storeModelTurn(run, mergeAdjacentText(dropEmptyParts(stripThoughts(result.parts))), joinWith, onlyReads(run, result.calls));
  if (promptTokenCount !== undefined) await reportContextUsage(run, promptTokenCount);
}

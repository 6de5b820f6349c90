/**
 * One turn's pre- and post-processing around a model call (A1): compress if due,
 * check the window, store the outgoing user message (F1, F4), build the request from
 * stored history (F2–F6) and the project's instructions file, run the BeforeModel/AfterModel
 * hooks, translate the stream (turn.ts), store the model turn once it succeeded (F7) and report
 * the context used. Every store is a commit that completes before the model is called.
 */
import type { FinishReason, ModelRequest } from '../model/types';
import type { Content, Part } from '../shared/content';
import type { ProjectInstructions } from '../shared/project-instructions';
import { isAbortError } from '../shared/errors';
import { sendMessageStream } from './chat/chat';
import type { ChatEvent } from './chat/chat';
import { failureError } from './chat/retry-policy';
import { MODEL_CONTEXT_EXCEEDED_MESSAGE } from './compression/compressor';
import type { CompressionOutcomeStatus } from './compression/compressor';
import { reportContextUsage } from './context-usage';
import { checkOverflow, compressHistory, overflowRecovery } from './context-window';
import { callHook, copyOnRead, decisionMessage } from './hooks';
import { callIdsIn } from './history/duplicate-ids';
import { repairOrphanedToolUseTurns } from './history/orphan-repair';
import { buildRequestContents, closeDanglingToolResultTurn, dropEmptyParts, mergeAdjacentText, stripThoughts } from './history/request-contents';
import { chatDependencies, commitHistory } from './session';
import type { Session } from './session';
import { buildSystemPrompt, functionDeclarations } from './system-prompt';
import { runTurn } from './turn';
import { currentProjectInstructions } from './workspace-context';
import type { PendingCall, TurnContext, TurnResult } from './turn';
import type { HookDecision, InteractionOutcome } from './types';

export type OutgoingMessage =
  /** A new user message: stored, then sent. */
  | { kind: 'user'; parts: Part[] }
  /** The message is already the tail of stored history (tool results, a resumed prompt). */
  | { kind: 'stored' }
  /**
   * Sent but never stored, only in the request history (A17): output recovery (B10), stop-hook context (J3). The reply
   * continues the model turn before it, joined by `joinWith` ('' mid-thought, a blank line
   * for a new answer).
   */
  | { kind: 'request_only'; parts: Part[]; joinWith: string };

export type TurnOutcome =
  | { type: 'reply'; calls: PendingCall[]; finishReason?: FinishReason }
  | { type: 'end'; outcome: InteractionOutcome };

function end(outcome: InteractionOutcome): TurnOutcome {
  return { type: 'end', outcome };
}

function buildRequest(session: Session, requestOnly: Part[] | undefined, project: ProjectInstructions | null): ModelRequest {
  const contents = requestOnly ? [...session.history, { role: 'user' as const, parts: requestOnly }] : session.history;
  return {
    model: session.interaction.model,
    contents: buildRequestContents(contents),
    systemInstruction: buildSystemPrompt(session.interaction.settings.systemPromptExtra, project),
    tools: functionDeclarations(session.deps.tools.declarations()),
  };
}

async function* syntheticReply(parts: Part[]): AsyncGenerator<ChatEvent> {
  yield { type: 'chunk', parts };
  yield { type: 'done', reply: { parts, finishReason: 'STOP' } };
}

export async function sendTurn(session: Session, message: OutgoingMessage): Promise<TurnOutcome> {
  try {
    return await sendTurnUnsafe(session, message);
  } catch (thrown) {
    if (!isAbortError(thrown) && !session.interaction.signal.aborted) throw thrown;
    session.deps.emit({ type: 'user_cancelled' });
    return end('cancelled');
  }
}

async function sendTurnUnsafe(session: Session, message: OutgoingMessage): Promise<TurnOutcome> {
  const { deps, interaction } = session;
  const { signal } = interaction;

  // The turn a request-only reply continues; automatic compression waits until the answer is whole.
  const continued = message.kind === 'request_only' ? session.history.at(-1) : undefined;
  if (!continued && (await compressBeforeSending(session, message)) === 'rapid_refill_blocked') {
    deps.emit({ type: 'error', value: { error: { kind: 'ModelContextExceeded', message: MODEL_CONTEXT_EXCEEDED_MESSAGE } } });
    return end('error');
  }
  const incoming: Content | undefined = message.kind === 'stored' ? session.history.at(-1) : { role: 'user', parts: message.parts };
  if (incoming && checkOverflow(session, incoming)) return end('overflow');
  if (message.kind === 'user') await storeUserMessage(session, message.parts);

  session.sessionTurns++;
  if (session.config.maxSessionTurns > 0 && session.sessionTurns > session.config.maxSessionTurns) {
    deps.emit({ type: 'max_session_turns' });
    return end('stopped');
  }
  const requestOnly = message.kind === 'request_only' ? message.parts : undefined;
  const project = await currentProjectInstructions(session);
  let request = buildRequest(session, requestOnly, project);
  if (!interaction.modelInfoSent) {
    interaction.modelInfoSent = true;
    deps.emit({ type: 'model_info', value: interaction.model });
  }

  const before = await callHook(deps.hooks, 'beforeModel', copyOnRead('request', request, signal));
  if (before?.decision === 'stop') return hookStopped(session, before, 'Stopped before the model call.');
  let result: TurnResult | null;
  if (before?.decision === 'block') {
    result = await substitute(session, before, 'Model call blocked.');
  } else {
    if (before?.modifiedRequest) request = modifyRequest(request, before.modifiedRequest);
    const { model, config } = request;
    const last = request.contents.at(-1);
    const events = sendMessageStream(chatDependencies(session), request, signal, {
      isFunctionResponse: !!last?.parts.some((part) => part.functionResponse),
      // After a too-long-context refusal (B5) the compressed history is sent with the hook's model and config; its contents are rebuilt.
      compressForOverflow: overflowRecovery(session, () => ({ ...buildRequest(session, requestOnly, project), model, ...(config ? { config } : {}) })),
    });
    result = await runTurn(events, turnContext(session));
    if (result.type === 'hook' && result.decision.decision === 'block') result = await substitute(session, result.decision, 'Response blocked.', true);
  }
  if (!result) return end('stopped');
  if (result.type !== 'ok') return failed(session, result);
  const promptTokenCount = result.usage?.promptTokenCount;
  if (promptTokenCount !== undefined) session.lastPromptTokenCount = promptTokenCount;
  const joinWith = message.kind === 'request_only' && continued === session.history.at(-1) ? message.joinWith : null;
  await storeModelTurn(session, mergeAdjacentText(dropEmptyParts(stripThoughts(result.parts))), joinWith);
  if (promptTokenCount !== undefined) await reportContextUsage(session, promptTokenCount);
  return result.finishReason ? { type: 'reply', calls: result.calls, finishReason: result.finishReason } : { type: 'reply', calls: result.calls };
}

/** `withAfterModel`: a synthetic response (a hook's own) does not pass the AfterModel hook again. */
function turnContext(session: Session, withAfterModel = true): TurnContext {
  const { deps, interaction } = session;
  let historyIds: Set<string> | undefined;
  const isCallIdTaken = (id: string): boolean => session.handledProviderIds.has(id) || (historyIds ??= callIdsIn(session.history)).has(id);
  const context: TurnContext = { emit: deps.emit, newId: deps.newId, isCallIdTaken, loopDetector: session.loopDetector };
  if (withAfterModel && deps.hooks?.afterModel) {
    context.afterModel = (parts) => callHook(deps.hooks, 'afterModel', copyOnRead('parts', parts, interaction.signal));
    context.signal = interaction.signal;
  }
  return context;
}

/**
 * The BeforeModel hook (J4) may change this one request. Contents pass through the same
 * repair as history does, so a hook cannot unpair a call from its response or put two
 * same-role turns side by side; an empty model name is ignored.
 */
function modifyRequest(request: ModelRequest, change: NonNullable<HookDecision['modifiedRequest']>): ModelRequest {
  const modified: ModelRequest = { ...request };
  if (change.model?.trim()) modified.model = change.model;
  if (change.config) modified.config = { ...request.config, ...change.config };
  if (change.contents) modified.contents = buildRequestContents(change.contents);
  return modified;
}

function hookStopped(session: Session, decision: HookDecision, fallback: string): TurnOutcome {
  session.deps.emit({ type: 'agent_execution_stopped', value: decisionMessage(decision, fallback) });
  return end('stopped');
}

/** A BeforeModel/AfterModel hook blocked the model's response (J4); its synthetic response, if any, stands in for it (STOP when none given). */
async function substitute(session: Session, decision: HookDecision, fallback: string, midStream = false): Promise<TurnResult | null> {
  const value = decisionMessage(decision, fallback);
  session.deps.emit({ type: 'agent_execution_blocked', value: midStream ? { ...value, replacesResponse: true } : value });
  if (!decision.syntheticResponse) return null;
  return runTurn(syntheticReply(decision.syntheticResponse), turnContext(session, false));
}

/** The new prompt joins stored history first, after any dangling-result placeholder, then repair runs (F1, F4). */
export async function storeUserMessage(session: Session, parts: Part[]): Promise<void> {
  await commitHistory(session, repairOrphanedToolUseTurns([...closeDanglingToolResultTurn(session.history), { role: 'user', parts }]));
}

/**
 * Automatic compression (I2) before the message is stored. A Stop meanwhile still keeps a
 * new prompt, as a Stop while the model streams does (B8): it is stored and offered to
 * Continue, instead of vanishing with the cancelled compression.
 */
async function compressBeforeSending(session: Session, message: OutgoingMessage): Promise<CompressionOutcomeStatus> {
  const { signal } = session.interaction;
  try {
    return await compressHistory(session, false, signal);
  } catch (thrown) {
    if (message.kind === 'user' && signal.aborted) await storeUserMessage(session, message.parts);
    throw thrown;
  }
}

function failed(session: Session, result: Exclude<TurnResult, { type: 'ok' }>): TurnOutcome {
  const { emit } = session.deps;
  if (result.type === 'hook') return hookStopped(session, result.decision, 'Response stopped.');
  if (result.type === 'loop') {
    emit({ type: 'loop_detected', value: result.detection });
    return end('loop_detected');
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

/**
 * The model turn as stored once its stream succeeded (F7): thoughts dropped (signatures
 * kept on the first call), adjacent text merged. A reply to a request-only prompt
 * continues the model turn before it (A17: "part1" + "part2" is stored as "part1part2"), when
 * that turn is still the last one (a reactive compression may have replaced it).
 */
async function storeModelTurn(session: Session, parts: Part[], joinWith: string | null): Promise<void> {
  if (parts.length === 0) return;
  const history = session.history;
  const last = history.at(-1);
  const next: Content[] =
    joinWith !== null && last?.role === 'model'
      ? [...history.slice(0, -1), { role: 'model', parts: mergeAdjacentText([...last.parts, ...(joinWith ? [{ text: joinWith }] : []), ...parts]) }]
      : [...history, { role: 'model', parts }];
  await commitHistory(session, next);
}

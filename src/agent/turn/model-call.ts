/**
 * The model call of one turn: the request built from stored history, the BeforeModel hook
 * (which may stop, block with a reply of its own, or change this one request; J4), the
 * stream with its retries (chat/) read into events (reply-stream.ts), and the AfterModel hook
 * on each chunk, whose block replaces the reply.
 */
import type { ModelRequest } from '../../model/types';
import type { Part } from '../../shared/content';
import type { ProjectInstructions } from '../../shared/project-instructions';
import { sendMessageStream } from '../chat/chat';
import type { ChatEvent } from '../chat/chat';
import { overflowRecovery } from '../compression/context-window';
import { callIdsIn } from '../history/duplicate-ids';
import { buildRequestContents } from '../history/request-contents';
import { callHook, copyOnRead, decisionMessage } from '../hooks';
import { chatDependencies } from '../session';
import type { Run } from '../session';
import { buildSystemPrompt, functionDeclarations } from '../system-prompt';
import type { HookDecision } from '../types';
import { readReplyStream } from './reply-stream';
import type { TurnContext, TurnResult } from './reply-stream';

/** What a model call ends with: a reply read to its end or its failure, or a hook's stop before the call. */
export type ModelCallResult = TurnResult | { type: 'stopped_before_call'; decision: HookDecision } | { type: 'blocked_without_reply' };

/**
 * Builds the request from the stored history as it is when called (after a reactive
 * compression, the shorter one), plus any request-only parts (A17).
 */
export function requestBuilder(run: Run, requestOnly: Part[] | undefined, project: ProjectInstructions | null): () => ModelRequest {
  return () => {
    const { history } = run.state;
    const contents = requestOnly ? [...history, { role: 'user' as const, parts: requestOnly }] : history;
    return {
      model: run.interaction.model,
      contents: buildRequestContents(contents),
      systemInstruction: buildSystemPrompt(run.interaction.settings.systemPromptExtra, project),
      tools: functionDeclarations(run.services.deps.tools.declarations()),
    };
  };
}

export async function callModel(run: Run, build: () => ModelRequest): Promise<ModelCallResult> {
  const request = build();
  const before = await callHook(run.services.deps.hooks, 'beforeModel', copyOnRead('request', request, run.interaction.signal));
  if (before?.decision === 'stop') return { type: 'stopped_before_call', decision: before };
  if (before?.decision === 'block') return substitute(run, before, 'Model call blocked.');
  const result = await streamReply(run, before?.modifiedRequest ? modifyRequest(request, before.modifiedRequest) : request, build);
  if (result.type === 'hook' && result.decision.decision === 'block') return substitute(run, result.decision, 'Response blocked.', true);
  return result;
}

/** The model's reply to `request`, read to its end (with the chat layer's retries). */
async function streamReply(run: Run, request: ModelRequest, build: () => ModelRequest): Promise<TurnResult> {
  const { model, config } = request;
  const events = sendMessageStream(chatDependencies(run), request, run.interaction.signal, {
    isFunctionResponse: !!request.contents.at(-1)?.parts.some((part) => part.functionResponse),
    // After a too-long-context refusal (B5) the compressed history is sent with the hook's model and config; its contents are rebuilt.
    compressForOverflow: overflowRecovery(run, () => ({ ...build(), model, ...(config ? { config } : {}) })),
  });
  return readReplyStream(events, turnContext(run));
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

/** A BeforeModel/AfterModel hook blocked the model's response (J4); its synthetic response, if any, stands in for it (STOP when none given). */
async function substitute(run: Run, decision: HookDecision, fallback: string, midStream = false): Promise<ModelCallResult> {
  const value = decisionMessage(decision, fallback);
  run.services.deps.emit({ type: 'agent_execution_blocked', value: midStream ? { ...value, replacesResponse: true } : value });
  if (!decision.syntheticResponse) return { type: 'blocked_without_reply' };
  return readReplyStream(syntheticReply(decision.syntheticResponse), turnContext(run, false));
}

async function* syntheticReply(parts: Part[]): AsyncGenerator<ChatEvent> {
  yield { type: 'chunk', parts };
  yield { type: 'done', reply: { parts, finishReason: 'STOP' } };
}

/** `withAfterModel`: a synthetic response (a hook's own) does not pass the AfterModel hook again. */
function turnContext(run: Run, withAfterModel = true): TurnContext {
  const { services, state, interaction } = run;
  const { deps } = services;
  let historyIds: Set<string> | undefined;
  const isCallIdTaken = (id: string): boolean => state.handledProviderIds.has(id) || (historyIds ??= callIdsIn(state.history)).has(id);
  const context: TurnContext = { emit: deps.emit, newId: deps.newId, isCallIdTaken, loopDetector: services.loopDetector };
  if (withAfterModel && deps.hooks?.afterModel) {
    context.afterModel = (parts) => callHook(deps.hooks, 'afterModel', copyOnRead('parts', parts, interaction.signal));
    context.signal = interaction.signal;
  }
  return context;
}

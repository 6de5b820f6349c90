/**
 * One model round-trip as a `chat <model>` span (GenAI semantic conventions, OpenInference LLM
 * kind): the model asked for, the provider (read from the raw chunks' shape), tokens, finish
 * reason, the error as span status, and the compression and loop-guard events noted with it.
 * Its cost in US dollars goes in OpenInference's `llm.cost.*` (the GenAI conventions have none
 * yet), with the prices it was counted at and the estimated tokens of the request's fixed prefix
 * (system instruction and tool declarations) as `loopscope.*`.
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { Attributes, SpanStatus } from '@opentelemetry/api';
import { ATTR_ERROR_TYPE } from '@opentelemetry/semantic-conventions';
import {
  ATTR_GEN_AI_CONVERSATION_ID,
  ATTR_GEN_AI_INPUT_MESSAGES,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_OUTPUT_MESSAGES,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_RESPONSE_FINISH_REASONS,
  ATTR_GEN_AI_RESPONSE_MODEL,
  ATTR_GEN_AI_SYSTEM_INSTRUCTIONS,
  ATTR_GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  ATTR_GEN_AI_USAGE_REASONING_OUTPUT_TOKENS,
  GEN_AI_OPERATION_NAME_VALUE_CHAT,
  GEN_AI_PROVIDER_NAME_VALUE_GCP_GEMINI,
  GEN_AI_PROVIDER_NAME_VALUE_OPENAI,
} from '@opentelemetry/semantic-conventions/incubating';
import { OpenInferenceSpanKind, SemanticConventions } from '@arizeai/openinference-semantic-conventions';
import { priceFor } from '../shared/model-prices';
import { tokensOf } from '../shared/response-usage';
import type { Tokens } from '../shared/response-usage';
import { costOf, fixedPrefixTokens } from '../shared/round-trip-cost';
import type { LoopEventNote, RoundTripRecord } from '../store/types';
import { messagesJson, outputMessagesJson, systemInstructionsJson } from './genai-messages';
import { spanIdOf } from './span-ids';
import type { SpanContext, TraceEvent, TraceSpan } from './trace-types';

/** The scripted demo and a shared session's recorded responses: no provider of the conventions' list. */
export const SCRIPTED_PROVIDER = 'loopscope.scripted';
export const RECORDED_PROVIDER = 'loopscope.recorded';

interface RawChunk {
  candidates?: { finishReason?: unknown }[];
  choices?: { finish_reason?: unknown }[];
  modelVersion?: unknown;
  model?: unknown;
}

/** Who answered, which model they said answered, and why the answer ended, from the raw chunks. */
export function responseFacts(response: readonly unknown[]): { provider?: string; model?: string; finishReason?: string } {
  const facts: { provider?: string; model?: string; finishReason?: string } = {};
  for (const chunk of response as (RawChunk | null)[]) {
    if (!chunk || typeof chunk !== 'object') continue;
    if (Array.isArray(chunk.choices)) {
      facts.provider = GEN_AI_PROVIDER_NAME_VALUE_OPENAI;
      if (typeof chunk.model === 'string') facts.model = chunk.model;
      const reason = chunk.choices[0]?.finish_reason;
      if (typeof reason === 'string') facts.finishReason = reason;
    } else if (Array.isArray(chunk.candidates)) {
      const version = chunk.modelVersion;
      facts.provider = version === 'scripted-demo' ? SCRIPTED_PROVIDER : version === 'recorded-session' ? RECORDED_PROVIDER : GEN_AI_PROVIDER_NAME_VALUE_GCP_GEMINI;
      if (typeof version === 'string') facts.model = version;
      const reason = chunk.candidates[0]?.finishReason;
      if (typeof reason === 'string') facts.finishReason = reason.toLowerCase();
    }
  }
  return facts;
}

function loopEvent(note: LoopEventNote): TraceEvent {
  if (note.type === 'steering_joined') return { name: 'steering', at: note.at, attributes: { 'loopscope.steering.messages': note.value.messages.length } };
  if (note.type === 'chat_compressed') {
    const { compressionStatus, originalTokenCount, newTokenCount } = note.value;
    return {
      name: 'compression',
      at: note.at,
      attributes: { 'loopscope.compression.status': compressionStatus, 'loopscope.compression.tokens_before': originalTokenCount, 'loopscope.compression.tokens_after': newTokenCount },
    };
  }
  if (note.type === 'hook_run') {
    const run = note.value;
    return {
      name: 'hook_run',
      at: note.at,
      attributes: { 'loopscope.hook.name': run.hook, 'loopscope.hook.duration_ms': run.durationMs, ...(run.exitCode !== null ? { 'loopscope.hook.exit_code': run.exitCode } : {}) },
    };
  }
  return { name: 'loop_detected', at: note.at, attributes: { 'loopscope.loop.type': note.value.loopType, ...(note.value.detail ? { 'loopscope.loop.detail': note.value.detail } : {}) } };
}

/** The round-trip's cost (USD), the prices it was counted at (per million tokens) and its fixed prefix's estimated tokens. */
function costAttributes(roundTrip: RoundTripRecord, tokens: Tokens | null, context: SpanContext): Attributes {
  const attributes: Attributes = {};
  const prefix = fixedPrefixTokens(roundTrip.request);
  if (prefix > 0) attributes['loopscope.request.fixed_prefix_tokens'] = prefix;
  if (tokens?.cached !== undefined) {
    attributes[ATTR_GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS] = tokens.cached;
    attributes[SemanticConventions.LLM_TOKEN_COUNT_PROMPT_DETAILS_CACHE_READ] = tokens.cached;
  }
  const price = priceFor(roundTrip.request.model, context.prices.recorded, context.prices.own);
  if (!price) return attributes;
  attributes['loopscope.price.input_per_million'] = price.input;
  attributes['loopscope.price.output_per_million'] = price.output;
  if (price.cachedInput !== undefined) attributes['loopscope.price.cached_input_per_million'] = price.cachedInput;
  attributes['loopscope.price.currency'] = 'USD';
  const cost = costOf(tokens, price);
  if (!cost) return attributes;
  attributes[SemanticConventions.LLM_COST_PROMPT] = cost.input;
  attributes[SemanticConventions.LLM_COST_COMPLETION] = cost.output;
  attributes[SemanticConventions.LLM_COST_TOTAL] = cost.total;
  return attributes;
}

export function chatSpan(roundTrip: RoundTripRecord, place: { traceId: string; parentSpanId: string; end: number }, context: SpanContext): TraceSpan {
  const model = roundTrip.request.model;
  const facts = responseFacts(roundTrip.response);
  const tokens = tokensOf(roundTrip.response);
  const answered = roundTrip.endedAt ?? roundTrip.startedAt;
  const attributes: Attributes = {
    [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION_NAME_VALUE_CHAT,
    [ATTR_GEN_AI_REQUEST_MODEL]: model,
    [ATTR_GEN_AI_CONVERSATION_ID]: context.conversationId,
    [SemanticConventions.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.LLM,
    [SemanticConventions.LLM_MODEL_NAME]: model,
    'loopscope.round_trip.id': roundTrip.id,
    'loopscope.attempt': roundTrip.turn?.attempt ?? 1,
    'loopscope.response.duration_ms': answered - roundTrip.startedAt,
  };
  if (roundTrip.turn?.purpose) attributes['loopscope.round_trip.purpose'] = roundTrip.turn.purpose;
  if (facts.provider) attributes[ATTR_GEN_AI_PROVIDER_NAME] = facts.provider;
  if (facts.model) attributes[ATTR_GEN_AI_RESPONSE_MODEL] = facts.model;
  if (facts.finishReason) attributes[ATTR_GEN_AI_RESPONSE_FINISH_REASONS] = [facts.finishReason];
  if (tokens?.prompt !== undefined) {
    attributes[ATTR_GEN_AI_USAGE_INPUT_TOKENS] = tokens.prompt;
    attributes[SemanticConventions.LLM_TOKEN_COUNT_PROMPT] = tokens.prompt;
  }
  if (tokens?.candidates !== undefined) {
    attributes[ATTR_GEN_AI_USAGE_OUTPUT_TOKENS] = tokens.candidates;
    attributes[SemanticConventions.LLM_TOKEN_COUNT_COMPLETION] = tokens.candidates;
  }
  if (tokens?.thoughts !== undefined) attributes[ATTR_GEN_AI_USAGE_REASONING_OUTPUT_TOKENS] = tokens.thoughts;
  Object.assign(attributes, costAttributes(roundTrip, tokens, context));
  if (context.includeMessages) {
    attributes[ATTR_GEN_AI_INPUT_MESSAGES] = messagesJson(roundTrip.request.contents);
    if (roundTrip.request.systemInstruction) attributes[ATTR_GEN_AI_SYSTEM_INSTRUCTIONS] = systemInstructionsJson(roundTrip.request.systemInstruction);
    const reply = context.replies.replyOf(roundTrip);
    if (reply) attributes[ATTR_GEN_AI_OUTPUT_MESSAGES] = outputMessagesJson(reply, facts.finishReason);
  }
  let status: SpanStatus = { code: SpanStatusCode.OK };
  if (roundTrip.error) {
    status = { code: SpanStatusCode.ERROR, message: roundTrip.error.message };
    attributes[ATTR_ERROR_TYPE] = roundTrip.error.kind;
  } else if (roundTrip.endedAt === undefined) status = { code: SpanStatusCode.ERROR, message: 'The model call did not end (the page was closed or reloaded during it).' };
  // A compression noted before the first request of a run waits for it: never before the span.
  const events: TraceEvent[] = [{ name: 'gen_ai.response.end', at: answered }, ...(roundTrip.notes?.events ?? []).map(loopEvent)].map((event) => ({ ...event, at: Math.max(event.at, roundTrip.startedAt) }));
  const end = Math.max(answered, place.end, ...events.map((event) => event.at));
  return {
    traceId: place.traceId,
    spanId: spanIdOf(`${place.traceId}/chat/${roundTrip.id}`),
    parentSpanId: place.parentSpanId,
    name: `${GEN_AI_OPERATION_NAME_VALUE_CHAT} ${model}`,
    kind: SpanKind.CLIENT,
    start: roundTrip.startedAt,
    end,
    attributes,
    events: events.sort((left, right) => left.at - right.at),
    status,
  };
}

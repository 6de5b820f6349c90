/**
 * A session's recorded loop as OpenTelemetry spans, after the GenAI semantic conventions:
 * per interaction (one trace) an `invoke_agent` span; under it a `chat <model>` span per model
 * round-trip (retries included, each its own span); under each, an `execute_tool <name>` span
 * per tool call its reply asked for; under a `task` call's, its subagent's `invoke_agent` span and
 * that one's chat spans. OpenInference's span kind sits beside so Phoenix groups them.
 *
 * A chat span lasts from the request to the end of the last tool call its reply asked for, so
 * that its calls nest inside it in time as they do in the tree; the model's own answer ends at
 * the span's `gen_ai.response.end` event (and `loopscope.response.duration_ms`).
 *
 * Message contents (the requests' contents, replies, tool arguments and results) are added only
 * with `includeMessages`. Keys are never here: requests never hold them (model/ puts them in a
 * header or the URL, neither recorded), and settings are not read.
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { Attributes, SpanStatus } from '@opentelemetry/api';
import { ATTR_ERROR_TYPE } from '@opentelemetry/semantic-conventions';
import {
  ATTR_GEN_AI_AGENT_NAME,
  ATTR_GEN_AI_CONVERSATION_ID,
  ATTR_GEN_AI_INPUT_MESSAGES,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_OUTPUT_MESSAGES,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_TOOL_CALL_ARGUMENTS,
  ATTR_GEN_AI_TOOL_CALL_ID,
  ATTR_GEN_AI_TOOL_CALL_RESULT,
  ATTR_GEN_AI_TOOL_NAME,
  ATTR_GEN_AI_TOOL_TYPE,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
  GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT,
} from '@opentelemetry/semantic-conventions/incubating';
import { OpenInferenceSpanKind, SemanticConventions } from '@arizeai/openinference-semantic-conventions';
import type { RoundTripRecord, ToolTimeline } from '../store/types';
import { chatSpan } from './chat-span';
import { progressCounts } from '../shared/tool-display';
import { messagesJson, outputMessagesJson, toolResultJson } from './genai-messages';
import { modelReplies } from './model-replies';
import type { ModelReplies } from './model-replies';
import { spanIdOf, traceIdOf } from './span-ids';
import type { SpanContext, TraceEvent, TraceOptions, TraceSource, TraceSpan } from './trace-types';

export const AGENT_NAME = 'Loopscope';

function toolSpan(timeline: ToolTimeline, parent: TraceSpan, context: SpanContext, fallbackAt: number): TraceSpan {
  const first = timeline.steps[0]?.at ?? fallbackAt;
  const last = timeline.steps.at(-1);
  const ended = last?.status;
  const status: SpanStatus =
    ended === 'success'
      ? { code: SpanStatusCode.OK }
      : ended === 'error' || ended === 'cancelled'
        ? { code: SpanStatusCode.ERROR, message: ended === 'cancelled' ? 'The call was cancelled.' : 'The call failed.' }
        : { code: SpanStatusCode.UNSET, message: 'The call did not finish.' };
  const attributes: Attributes = {
    [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
    [ATTR_GEN_AI_TOOL_NAME]: timeline.name,
    [ATTR_GEN_AI_TOOL_CALL_ID]: timeline.callId,
    [ATTR_GEN_AI_TOOL_TYPE]: timeline.name.includes('__') ? 'extension' : 'function',
    [ATTR_GEN_AI_CONVERSATION_ID]: context.conversationId,
    [SemanticConventions.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.TOOL,
    [SemanticConventions.TOOL_NAME]: timeline.name,
  };
  if (ended === 'error' || ended === 'cancelled') attributes[ATTR_ERROR_TYPE] = ended;
  if (context.includeMessages) {
    // What the card shows (a path, a command) is the call's arguments too.
    attributes['loopscope.tool.summary'] = timeline.summary;
    const parts = context.replies.callParts(timeline.callId);
    if (parts.call?.functionCall) attributes[ATTR_GEN_AI_TOOL_CALL_ARGUMENTS] = JSON.stringify(parts.call.functionCall.args);
    const result = toolResultJson(parts.result);
    if (result !== undefined) attributes[ATTR_GEN_AI_TOOL_CALL_RESULT] = result;
  }
  return {
    traceId: context.traceId,
    spanId: spanIdOf(`${parent.spanId}/tool/${timeline.callId}`),
    parentSpanId: parent.spanId,
    name: `${GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL} ${timeline.name}`,
    kind: SpanKind.INTERNAL,
    start: Math.max(first, parent.start),
    end: Math.max(last?.at ?? first, first, parent.start),
    attributes,
    // Each status the call went through, when: approvals show as the wait between two of them.
    // A step a progress notification added carries the progress in words ("3 / 5 · Indexing"):
    // the server's message is the call's content, so without messages only its counts ("3 / 5").
    events: timeline.steps.map((step) => {
      const progress = step.progress && (context.includeMessages ? step.progress : progressCounts(step.progress));
      return { name: step.status, at: step.at, attributes: { 'loopscope.tool.status': step.status, ...(progress ? { 'loopscope.tool.progress': progress } : {}) } };
    }),
    status,
  };
}

function sum(spans: readonly TraceSpan[], key: string): number | undefined {
  let total: number | undefined;
  for (const span of spans) {
    const value = span.attributes[key];
    if (typeof value === 'number') total = (total ?? 0) + value;
  }
  return total;
}

/**
 * A `task` call's subagent under its `execute_tool` span: an `invoke_agent` span over the chat
 * spans of its own round-trips (RoundTrip.subagent), in the parent's trace.
 */
function subagentSpans(tool: TraceSpan, roundTrips: readonly RoundTripRecord[], context: SpanContext): TraceSpan[] {
  const rootId = spanIdOf(`${tool.spanId}/invoke_agent`);
  const chats = roundTrips.map((roundTrip) => chatSpan(roundTrip, { traceId: context.traceId, parentSpanId: rootId, end: 0 }, context));
  const start = Math.max(tool.start, Math.min(...chats.map((span) => span.start)));
  const end = Math.max(start, ...chats.map((span) => span.end));
  // The tool's span holds its subagent in time as in the tree.
  tool.end = Math.max(tool.end, end);
  const last = chats.at(-1);
  const root: TraceSpan = {
    traceId: context.traceId,
    spanId: rootId,
    parentSpanId: tool.spanId,
    name: `${GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT} subagent`,
    kind: SpanKind.INTERNAL,
    start,
    end,
    attributes: {
      [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT,
      [ATTR_GEN_AI_AGENT_NAME]: 'subagent',
      [ATTR_GEN_AI_CONVERSATION_ID]: context.conversationId,
      [ATTR_GEN_AI_REQUEST_MODEL]: roundTrips[0]?.request.model ?? '',
      [SemanticConventions.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.AGENT,
      ...(context.includeMessages ? { 'gen_ai.agent.description': roundTrips[0]?.subagent?.description ?? '' } : {}),
    },
    events: [],
    status: last?.status.code === SpanStatusCode.ERROR ? { code: SpanStatusCode.ERROR, message: last.status.message ?? 'The last model call failed.' } : { code: SpanStatusCode.OK },
  };
  return [root, ...chats];
}

function interactionSpans(
  interactionId: string,
  roundTrips: readonly RoundTripRecord[],
  source: TraceSource,
  options: TraceOptions,
  replies: ModelReplies,
  subagents: ReadonlyMap<string, RoundTripRecord[]>,
): TraceSpan[] {
  const traceId = traceIdOf(`${source.session.id}/${interactionId}`);
  const context: SpanContext = { traceId, conversationId: source.session.id, includeMessages: options.includeMessages, replies, prices: source.prices ?? {} };
  const rootId = spanIdOf(`${traceId}/invoke_agent`);
  const chats: TraceSpan[] = [];
  const tools: TraceSpan[] = [];
  const retries: TraceEvent[] = [];
  const nestedSpans: TraceSpan[] = [];
  let previous: RoundTripRecord | undefined;
  for (const roundTrip of roundTrips) {
    const calls = roundTrip.notes?.toolCalls ?? [];
    const callsEnd = Math.max(...calls.map((call) => call.steps.at(-1)?.at ?? 0), 0);
    const chat = chatSpan(roundTrip, { traceId, parentSpanId: rootId, end: callsEnd }, context);
    chats.push(chat);
    for (const call of calls) {
      const tool = toolSpan(call, chat, context, chat.start);
      tools.push(tool);
      const nested = subagents.get(call.callId);
      if (nested) nestedSpans.push(...subagentSpans(tool, nested, context));
      chat.end = Math.max(chat.end, tool.end);
    }
    const attempt = roundTrip.turn?.attempt ?? 1;
    if (attempt > 1) {
      const failed = previous?.error;
      retries.push({ name: 'retry', at: roundTrip.startedAt, attributes: { 'loopscope.attempt': attempt, ...(failed ? { [ATTR_ERROR_TYPE]: failed.kind, 'loopscope.retry.reason': failed.message } : {}) } });
    }
    previous = roundTrip;
  }
  const start = Math.min(...chats.map((span) => span.start));
  const end = Math.max(...chats.map((span) => span.end), ...tools.map((span) => span.end));
  const first = roundTrips[0];
  const last = chats.at(-1);
  const model = first?.request.model ?? '';
  const attributes: Attributes = {
    [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT,
    [ATTR_GEN_AI_AGENT_NAME]: AGENT_NAME,
    [ATTR_GEN_AI_CONVERSATION_ID]: source.session.id,
    [ATTR_GEN_AI_REQUEST_MODEL]: model,
    [SemanticConventions.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.AGENT,
    [SemanticConventions.SESSION_ID]: source.session.id,
    'loopscope.interaction.id': interactionId,
  };
  const provider = chats[0]?.attributes[ATTR_GEN_AI_PROVIDER_NAME];
  if (typeof provider === 'string') attributes[ATTR_GEN_AI_PROVIDER_NAME] = provider;
  const input = sum(chats, ATTR_GEN_AI_USAGE_INPUT_TOKENS);
  const output = sum(chats, ATTR_GEN_AI_USAGE_OUTPUT_TOKENS);
  if (input !== undefined) attributes[ATTR_GEN_AI_USAGE_INPUT_TOKENS] = input;
  if (output !== undefined) attributes[ATTR_GEN_AI_USAGE_OUTPUT_TOKENS] = output;
  // The interaction's cost: its model calls', its subagents' included (they are paid for too).
  for (const key of [SemanticConventions.LLM_COST_PROMPT, SemanticConventions.LLM_COST_COMPLETION, SemanticConventions.LLM_COST_TOTAL]) {
    const cost = sum([...chats, ...nestedSpans], key);
    if (cost !== undefined) attributes[key] = cost;
  }
  if (options.includeMessages && first) {
    // A session's title is most often its first message.
    attributes['loopscope.session.title'] = source.session.title;
    const asked = first.request.contents.at(-1);
    if (asked) attributes[ATTR_GEN_AI_INPUT_MESSAGES] = messagesJson([asked]);
    const lastRoundTrip = roundTrips.at(-1);
    const reply = lastRoundTrip ? replies.replyOf(lastRoundTrip) : undefined;
    if (reply) attributes[ATTR_GEN_AI_OUTPUT_MESSAGES] = outputMessagesJson(reply, undefined);
  }
  const failedLast = last?.status.code === SpanStatusCode.ERROR;
  const root: TraceSpan = {
    traceId,
    spanId: rootId,
    name: `${GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT} ${AGENT_NAME}`,
    kind: SpanKind.INTERNAL,
    start,
    end,
    attributes,
    events: retries,
    status: failedLast ? { code: SpanStatusCode.ERROR, message: last.status.message ?? 'The last model call failed.' } : { code: SpanStatusCode.OK },
  };
  return [root, ...chats, ...tools, ...nestedSpans];
}

/** Every span of the session (or of the interactions named), interaction by interaction. */
export function traceSpans(source: TraceSource, options: TraceOptions): TraceSpan[] {
  const byInteraction = new Map<string, RoundTripRecord[]>();
  // A subagent's round-trips go under their task call, in its interaction's trace.
  const subagents = new Map<string, RoundTripRecord[]>();
  for (const roundTrip of source.roundTrips) {
    if (roundTrip.subagent) {
      subagents.set(roundTrip.subagent.callId, [...(subagents.get(roundTrip.subagent.callId) ?? []), roundTrip]);
      continue;
    }
    if (options.interactions && !options.interactions.has(roundTrip.interactionId)) continue;
    const list = byInteraction.get(roundTrip.interactionId) ?? [];
    list.push(roundTrip);
    byInteraction.set(roundTrip.interactionId, list);
  }
  const replies = modelReplies(source.roundTrips, source.history);
  return [...byInteraction].flatMap(([interactionId, roundTrips]) => interactionSpans(interactionId, roundTrips, source, options, replies, subagents));
}

/**
 * A reply's stream, read: translates the chat's chunks into agent events (A4–A7, A9). Thoughts
 * become `thought`, visible text `content`, every functionCall a `tool_call_request` whose
 * id is the provider's own (A6: OpenAI-compatible servers refuse a tool result under any
 * other id), minted only when the provider gave none or reused one this session already
 * holds (F8: such a call is answered as a duplicate, under a fresh id so that every call id
 * of a session stays unique for its card, approval and checkpoint). A retry throws away
 * everything the failed attempt collected (A9), and `finished` is emitted only for the
 * attempt that is kept, after one `citation` event listing the sources its chunks cited (A7).
 * The AfterModel hook (J4) sees each chunk before it is shown, and may change it, or end
 * the response there.
 */
import type { Citation, FinishReason, Usage } from '../../model/types';
import type { Part } from '../../shared/content';
import { describeServerToolCall } from '../../shared/server-tool';
import type { ChatEvent, ChatFailure, ModelReply } from '../chat/chat';
import { dedupeCallsById } from '../history/duplicate-ids';
import type { LoopDetection, LoopDetector } from '../guards/loop-detector';
import type { AgentEvent, HookDecision } from '../types';

export interface PendingCall {
  callId: string;
  /** The provider's id, when it sent one (F8, C11). */
  providerId?: string;
  /** The provider's id was already used in this session; the call is not run (F8). */
  duplicate?: true;
  name: string;
  args: Record<string, unknown>;
  /** Declaration index in the round trip (D5). */
  index: number;
}

export type TurnResult =
  | { type: 'ok'; parts: Part[]; calls: PendingCall[]; finishReason?: FinishReason; usage?: Usage }
  | { type: 'failed'; failure: ChatFailure }
  | { type: 'loop'; detection: LoopDetection }
  /** The AfterModel hook stopped or blocked the response at a chunk; the stream was abandoned (J4). */
  | { type: 'hook'; decision: HookDecision & { decision: 'stop' | 'block' } };

export interface TurnContext {
  emit(event: AgentEvent): void;
  newId(): string;
  /** Whether this session already used the call id, in history or answered before (A6, F8). */
  isCallIdTaken(id: string): boolean;
  loopDetector: LoopDetector;
  /** The AfterModel hook, called on each chunk before it is shown (J4). */
  afterModel?(parts: Part[]): Promise<HookDecision | undefined>;
  /** Stop while the AfterModel hook ran: that chunk is not shown (A10). */
  signal?: AbortSignal;
}

/** `**Subject** description` → {subject, description} (A5). */
export function parseThought(text: string): { subject: string; description: string } {
  const match = /^\s*\*\*(.+?)\*\*\s*([\s\S]*)$/.exec(text);
  return match ? { subject: match[1]!.trim(), description: match[2]!.trim() } : { subject: '', description: text.trim() };
}

/** One line a source: `(title) uri`, or the uri alone. */
export function citationLine(citation: Citation): string {
  return citation.title ? `(${citation.title}) ${citation.uri}` : citation.uri;
}

/** Reads one reply (with its retries) to its end: the parts to store, the calls to run, or why it failed. */
export async function readReplyStream(events: AsyncIterable<ChatEvent>, context: TurnContext): Promise<TurnResult> {
  let attempt = newAttempt();
  for await (const event of events) {
    switch (event.type) {
      case 'chunk': {
        const ended = await readChunk(attempt, event, context);
        if (ended) return ended;
        break;
      }
      case 'retry':
        attempt = newAttempt();
        context.loopDetector.onRetry();
        context.emit({ type: 'retry', value: event.info });
        break;
      case 'done':
        return finish(attempt, event.reply, context);
      case 'failed':
        return { type: 'failed', failure: event.failure };
    }
  }
  return { type: 'failed', failure: { type: 'cancelled' } };
}

/** What the attempt being read has collected; a retry throws it away (A9). */
interface ReplyAttempt {
  parts: Part[];
  calls: PendingCall[];
  /** The provider's call parts, to drop a repeated id in one response (C11). */
  providerCalls: Part[];
  /** Sources cited by its chunks, each once (A7). */
  citations: Set<string>;
}

function newAttempt(): ReplyAttempt {
  return { parts: [], calls: [], providerCalls: [], citations: new Set() };
}

/** One chunk, through the AfterModel hook (J4), then part by part; a result when the reply ends at this chunk. */
async function readChunk(attempt: ReplyAttempt, chunk: Extract<ChatEvent, { type: 'chunk' }>, context: TurnContext): Promise<TurnResult | null> {
  const hook = context.afterModel ? await context.afterModel(chunk.parts) : undefined;
  if (context.signal?.aborted) return { type: 'failed', failure: { type: 'cancelled' } };
  if (hook?.decision === 'stop' || hook?.decision === 'block') return { type: 'hook', decision: { ...hook, decision: hook.decision } };
  for (const citation of chunk.citations ?? []) attempt.citations.add(citationLine(citation));
  for (const part of hook?.modifiedParts ?? chunk.parts) {
    const detection = readPart(attempt, part, context);
    if (detection) return { type: 'loop', detection };
  }
  return null;
}

/** A part collected and shown as its event; the loop detector hears thoughts and text. */
function readPart(attempt: ReplyAttempt, part: Part, context: TurnContext): LoopDetection | null {
  if (part.thought) {
    attempt.parts.push(part);
    if (!part.text) return null;
    const value = parseThought(part.text);
    context.emit({ type: 'thought', value });
    return context.loopDetector.onThought(value.subject, value.description);
  }
  if (part.functionCall) {
    readCall(attempt, part, part.functionCall, context);
    return null;
  }
  attempt.parts.push(part);
  if (part.toolCall) context.emit({ type: 'server_tool_call', value: { toolType: part.toolCall.toolType, summary: describeServerToolCall(part.toolCall) } });
  if (typeof part.text === 'string' && part.text !== '') {
    context.emit({ type: 'content', value: part.text });
    return context.loopDetector.onContent(part.text);
  }
  return null;
}

/** A call, under the provider's id unless it is missing or already taken (A6, F8); a repeat within the reply is dropped (C11). */
function readCall(attempt: ReplyAttempt, part: Part, functionCall: NonNullable<Part['functionCall']>, context: TurnContext): void {
  const { id: providerId, name } = functionCall;
  const withThis = dedupeCallsById([...attempt.providerCalls, part]);
  if (withThis.length === attempt.providerCalls.length) return;
  attempt.providerCalls = withThis;
  const taken = providerId !== undefined && context.isCallIdTaken(providerId);
  const callId = providerId !== undefined && !taken ? providerId : context.newId();
  const call: PendingCall = { callId, name, args: structuredClone(functionCall.args ?? {}), index: attempt.calls.length };
  if (providerId !== undefined) call.providerId = providerId;
  if (taken) call.duplicate = true;
  attempt.calls.push(call);
  attempt.parts.push({ ...part, functionCall: { id: call.callId, name, args: structuredClone(call.args) } });
  context.emit({ type: 'tool_call_request', value: { callId: call.callId, name, args: structuredClone(call.args) } });
}

/** The attempt kept: `citation` and `finished` are emitted only when a finish reason arrived (A7). */
function finish(attempt: ReplyAttempt, reply: ModelReply, context: TurnContext): TurnResult {
  const { finishReason, usage } = reply;
  if (finishReason) {
    if (attempt.citations.size > 0) context.emit({ type: 'citation', value: `Citations:\n${[...attempt.citations].sort().join('\n')}` });
    context.emit({ type: 'finished', value: usage ? { reason: finishReason, usageMetadata: usage } : { reason: finishReason } });
  }
  const result: TurnResult = { type: 'ok', parts: attempt.parts, calls: attempt.calls };
  if (finishReason) result.finishReason = finishReason;
  if (usage) result.usage = usage;
  return result;
}

/**
 * A chat-completions stream → our `{type:'chunk'}` parts. Text (and the reasoning text some
 * servers stream as `reasoning_content` or `reasoning`, shown as thoughts) is passed on as it
 * comes. Tool calls arrive in pieces: the id and name first, the arguments as string
 * fragments, parallel calls told apart by `index` and interleaved; they are assembled here and
 * passed on whole in the last chunk, with the finish reason and the usage (which comes in a
 * chunk of its own after the finish reason when `include_usage` is asked). The provider's call
 * ids are kept exactly; a missing one stays missing (the agent mints ids, spec A6).
 */
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { Part } from '../../shared/content';
import type { FinishReason, ModelChunk, Usage } from '../types';

interface CallInProgress {
  id?: string;
  name: string;
  arguments: string;
}

export interface ChunkReader {
  /** The parts to pass on now (text, thoughts); tool calls wait for `end`. */
  push(chunk: ChatCompletionChunk): ModelChunk | undefined;
  /** The stream ended: the assembled calls, finish reason and usage, if there are any. */
  end(): ModelChunk | undefined;
}

export function toFinishReason(reason: string | null | undefined): FinishReason | undefined {
  switch (reason) {
    case null:
    case undefined:
    case '':
      return undefined;
    case 'stop':
    case 'tool_calls':
    case 'function_call':
      return 'STOP';
    case 'length':
      return 'MAX_TOKENS';
    case 'content_filter':
      return 'SAFETY';
    default:
      return 'OTHER';
  }
}

export function toUsage(usage: ChatCompletionChunk['usage']): Usage | undefined {
  if (!usage) return undefined;
  const result: Usage = {};
  const reasoning = usage.completion_tokens_details?.reasoning_tokens ?? undefined;
  if (typeof usage.prompt_tokens === 'number') result.promptTokenCount = usage.prompt_tokens;
  // Gemini's candidates count leaves thoughts out; OpenAI's completion count holds them.
  if (typeof usage.completion_tokens === 'number') result.candidatesTokenCount = usage.completion_tokens - (reasoning ?? 0);
  if (typeof usage.total_tokens === 'number') result.totalTokenCount = usage.total_tokens;
  if (typeof reasoning === 'number' && reasoning > 0) result.thoughtsTokenCount = reasoning;
  return Object.keys(result).length > 0 ? result : undefined;
}

/** The arguments as an object; undefined when they are not one (a malformed call). */
export function parseArguments(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    let value: unknown = JSON.parse(text);
    // Some servers encode the arguments twice.
    if (typeof value === 'string') value = JSON.parse(value);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Servers that stream no reasoning field of the spec use one of these names. */
function reasoningOf(delta: object): string | undefined {
  const { reasoning_content: content, reasoning } = delta as { reasoning_content?: unknown; reasoning?: unknown };
  if (typeof content === 'string' && content !== '') return content;
  if (typeof reasoning === 'string' && reasoning !== '') return reasoning;
  return undefined;
}

export function createChunkReader(): ChunkReader {
  const calls: CallInProgress[] = [];
  /** Call position of each `index` the server used. */
  const byIndex = new Map<number, number>();
  let finishReason: FinishReason | undefined;
  let usage: Usage | undefined;
  /** Raw chunks not yet attached to a part passed on: each is recorded once. */
  let unsent: unknown[] = [];

  function addCallDelta(delta: NonNullable<ChatCompletionChunk.Choice.Delta['tool_calls']>[number], position: number): void {
    const index = typeof delta.index === 'number' ? delta.index : position;
    const known = byIndex.get(index);
    let call = known === undefined ? undefined : calls[known];
    // A server that numbers every call 0 still gives each one its own id.
    if (!call || (delta.id && call.id && delta.id !== call.id)) {
      call = { name: '', arguments: '' };
      byIndex.set(index, calls.push(call) - 1);
    }
    if (delta.id) call.id = delta.id;
    if (delta.function?.name) call.name += call.name && call.name === delta.function.name ? '' : delta.function.name;
    if (delta.function?.arguments) call.arguments += delta.function.arguments;
  }

  return {
    push(chunk) {
      unsent.push(chunk);
      const update = toUsage(chunk.usage);
      if (update) usage = update;
      const parts: Part[] = [];
      for (const choice of chunk.choices ?? []) {
        if (choice.index !== undefined && choice.index !== 0) continue;
        const delta = choice.delta ?? {};
        const reasoning = reasoningOf(delta);
        if (reasoning) parts.push({ text: reasoning, thought: true });
        if (typeof delta.content === 'string' && delta.content !== '') parts.push({ text: delta.content });
        (delta.tool_calls ?? []).forEach(addCallDelta);
        finishReason = toFinishReason(choice.finish_reason) ?? finishReason;
      }
      if (parts.length === 0) return undefined;
      const rawChunks = unsent;
      unsent = [];
      return { type: 'chunk', parts, rawChunks };
    },
    end() {
      const parts: Part[] = [];
      let malformed = false;
      for (const call of calls) {
        const args = parseArguments(call.arguments);
        if (!args || call.name === '') {
          malformed = true;
          continue;
        }
        parts.push({ functionCall: call.id ? { id: call.id, name: call.name, args } : { name: call.name, args } });
      }
      const reason = malformed ? 'MALFORMED_FUNCTION_CALL' : finishReason;
      if (parts.length === 0 && !reason && !usage) return undefined;
      const chunk: ModelChunk = { type: 'chunk', parts, rawChunks: unsent };
      if (reason) chunk.finishReason = reason;
      if (usage) chunk.usage = usage;
      return chunk;
    },
  };
}

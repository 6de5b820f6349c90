/**
 * Conversation contents in the OpenTelemetry GenAI conventions' message shape
 * (`gen_ai.input.messages`, `gen_ai.output.messages`, `gen_ai.system_instructions`): JSON of
 * `{role, parts: [{type, ...}]}`. Used only when the person ticks Include messages.
 * Thought parts never enter the history, so they are not here either.
 */
import type { Content, Part } from '../shared/content';

type GenAiPart =
  | { type: 'text'; content: string }
  | { type: 'tool_call'; id?: string; name: string; arguments: Record<string, unknown> }
  | { type: 'tool_call_response'; id?: string; response: Record<string, unknown> }
  | { type: 'blob'; modality: string; mime_type: string; content: string }
  /** A tool the provider ran on its servers (Gemini's URL context): a generic part of the conventions. */
  | { type: 'server_tool_call'; id?: string; name: string; arguments: Record<string, unknown> }
  | { type: 'server_tool_call_response'; id?: string; name: string; response: Record<string, unknown> };

export interface GenAiMessage {
  role: 'user' | 'assistant' | 'tool';
  parts: GenAiPart[];
  finish_reason?: string;
}

function modalityOf(mimeType: string): string {
  const kind = mimeType.split('/')[0] ?? '';
  return kind === 'image' || kind === 'video' || kind === 'audio' ? kind : 'file';
}

function partOf(part: Part): GenAiPart[] {
  if (part.thought) return [];
  if (part.functionCall) return [{ type: 'tool_call', ...(part.functionCall.id ? { id: part.functionCall.id } : {}), name: part.functionCall.name, arguments: part.functionCall.args }];
  if (part.functionResponse) {
    const { id, response, parts } = part.functionResponse;
    return [{ type: 'tool_call_response', ...(id ? { id } : {}), response }, ...(parts ?? []).flatMap(partOf)];
  }
  if (part.inlineData) return [{ type: 'blob', modality: modalityOf(part.inlineData.mimeType), mime_type: part.inlineData.mimeType, content: part.inlineData.data }];
  if (part.toolCall) return [{ type: 'server_tool_call', ...(part.toolCall.id ? { id: part.toolCall.id } : {}), name: part.toolCall.toolType, arguments: part.toolCall.args ?? {} }];
  if (part.toolResponse) {
    const { id, toolType, response } = part.toolResponse;
    return [{ type: 'server_tool_call_response', ...(id ? { id } : {}), name: toolType, response: response ?? {} }];
  }
  if (typeof part.text === 'string') return [{ type: 'text', content: part.text }];
  return [];
}

/** A stored content as a message: the model's is the assistant's, tool results are the tool's. */
export function messageOf(content: Content): GenAiMessage {
  const role = content.role === 'model' ? 'assistant' : content.parts.some((part) => part.functionResponse) ? 'tool' : 'user';
  return { role, parts: content.parts.flatMap(partOf) };
}

export function messagesJson(contents: readonly Content[]): string {
  return JSON.stringify(contents.map(messageOf));
}

export function outputMessagesJson(reply: Content, finishReason: string | undefined): string {
  const message = messageOf(reply);
  return JSON.stringify([finishReason ? { ...message, finish_reason: finishReason.toLowerCase() } : message]);
}

export function systemInstructionsJson(text: string): string {
  return JSON.stringify([{ type: 'text', content: text }]);
}

/** A tool's result as the model got it: the response object, and any media parts after it. */
export function toolResultJson(result: Part | undefined): string | undefined {
  if (!result?.functionResponse) return undefined;
  const { response, parts } = result.functionResponse;
  return JSON.stringify(parts?.length ? { response, parts: parts.flatMap(partOf) } : response);
}

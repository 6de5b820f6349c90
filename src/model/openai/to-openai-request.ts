/**
 * Our request (Gemini-shaped Contents) → a streamed chat-completions request. A model turn
 * becomes one assistant message, its functionCalls its `tool_calls` (ids as stored: the
 * provider's own, spec A6); a user turn's functionResponses become `tool` messages carrying
 * their call's id, in order, and right after that assistant message, as the protocol wants;
 * the rest of the user turn (text, images, reminders) follows as one user message. Thought
 * parts are never sent back (spec A5).
 */
import type {
  ChatCompletionContentPart,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { Content, FunctionResponse, InlineData, Part } from '../../shared/content';
import type { FunctionDeclaration, ModelRequest } from '../types';
import { serverToolsSummary } from '../../shared/server-tool';

export function toOpenAiTools(declarations: readonly FunctionDeclaration[]): ChatCompletionTool[] {
  return declarations.map((declaration) => ({
    type: 'function',
    function: { name: declaration.name, description: declaration.description, parameters: declaration.parametersJsonSchema },
  }));
}

function imagePart(data: InlineData): ChatCompletionContentPart {
  if (data.mimeType.startsWith('image/')) return { type: 'image_url', image_url: { url: `data:${data.mimeType};base64,${data.data}` } };
  return { type: 'text', text: `[${data.mimeType} data, ${Math.round((data.data.length * 3) / 4)} bytes, not shown]` };
}

/** `{output}` as it is, `{error}` said as an error, anything else as JSON. */
export function toolMessageText(response: FunctionResponse['response']): string {
  const { output, error } = response;
  if (typeof output === 'string' && Object.keys(response).length === 1) return output;
  if (typeof error === 'string' && Object.keys(response).length === 1) return `Error: ${error}`;
  return JSON.stringify(response);
}

/** Plain text when there is only text, else content parts. */
function userMessage(parts: readonly Part[]): ChatCompletionMessageParam | undefined {
  const content: ChatCompletionContentPart[] = [];
  for (const part of parts) {
    if (part.thought || part.functionResponse || part.functionCall) continue;
    if (typeof part.text === 'string' && part.text !== '') content.push({ type: 'text', text: part.text });
    if (part.inlineData) content.push(imagePart(part.inlineData));
  }
  if (content.length === 0) return undefined;
  if (content.every((part) => part.type === 'text')) return { role: 'user', content: content.map((part) => part.text).join('\n\n') };
  return { role: 'user', content };
}

function userTurn(content: Content, fallbackId: (name: string) => string): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  const media: Part[] = [];
  for (const part of content.parts) {
    const response = part.functionResponse;
    if (!response) continue;
    messages.push({ role: 'tool', tool_call_id: response.id ?? fallbackId(response.name), content: toolMessageText(response.response) });
    // A tool message holds text only: media a tool returned follows in the user message.
    for (const inner of response.parts ?? []) if (inner.inlineData) media.push(inner);
  }
  const rest = userMessage([...media, ...content.parts]);
  if (rest) messages.push(rest);
  return messages;
}

function modelTurn(content: Content, fallbackId: (name: string) => string): ChatCompletionMessageParam | undefined {
  const text = content.parts
    .filter((part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('');
  const calls: ChatCompletionMessageFunctionToolCall[] = content.parts.flatMap((part) => {
    const call = part.functionCall;
    if (!call) return [];
    return [{ id: call.id ?? fallbackId(call.name), type: 'function' as const, function: { name: call.name, arguments: JSON.stringify(call.args) } }];
  });
  if (calls.length === 0 && text === '') {
    // A turn Gemini's own tools alone filled (the session began there): said as text, so the
    // model still sees what was read, and two user messages never follow each other.
    const summary = serverToolsSummary(content.parts);
    return summary ? { role: 'assistant', content: summary } : undefined;
  }
  if (calls.length === 0) return { role: 'assistant', content: text };
  return { role: 'assistant', content: text === '' ? null : text, tool_calls: calls };
}

export function toChatMessages(request: ModelRequest): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  if (request.systemInstruction) messages.push({ role: 'system', content: request.systemInstruction });
  request.contents.forEach((content, turn) => {
    // The agent gives every call an id; this only keeps a hand-made history well formed: the
    // n-th call without an id of a model turn and the n-th response without one after it pair up.
    let unnamed = 0;
    const fallbackId = (name: string) => `${name}_${content.role === 'model' ? turn : turn - 1}_${unnamed++}`;
    if (content.role === 'user') {
      messages.push(...userTurn(content, fallbackId));
      return;
    }
    const message = modelTurn(content, fallbackId);
    if (message) messages.push(message);
  });
  return messages;
}

export function toChatRequest(request: ModelRequest): ChatCompletionCreateParamsStreaming {
  const body: ChatCompletionCreateParamsStreaming = {
    model: request.model,
    messages: toChatMessages(request),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (request.tools && request.tools.length > 0) body.tools = toOpenAiTools(request.tools);
  const config = request.config;
  if (config?.temperature !== undefined) body.temperature = config.temperature;
  if (config?.maxOutputTokens !== undefined) body.max_tokens = config.maxOutputTokens;
  if (config?.responseMimeType === 'application/json') body.response_format = { type: 'json_object' };
  return body;
}

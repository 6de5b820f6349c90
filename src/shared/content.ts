/**
 * Conversation history in the shape Gemini speaks (`Content`/`Part`), as plain data we own.
 * SDK types never appear outside src/model/gemini; these do, everywhere.
 */
export type Role = 'user' | 'model';

export interface FunctionCall {
  /** Our own unique id (minted when the provider omits one); sent back in the response. */
  id?: string;
  name: string;
  args: Record<string, unknown>;
}

export interface FunctionResponse {
  id?: string;
  name: string;
  /** `{output: string}` on success, `{error: string}` on failure (spec E1/E2). */
  response: Record<string, unknown>;
  /** Media results travel inside the response (spec E1). */
  parts?: Part[];
}

export interface InlineData {
  mimeType: string;
  /** base64 */
  data: string;
  /**
   * The file's name, for the transcript (an image the person attached, shared/prompt-images.ts).
   * Never sent to a model: the adapters send mimeType and data only.
   */
  displayName?: string;
}

/**
 * A tool the provider ran on its own servers (Gemini's URL context): Loopscope never runs it,
 * and sends it back exactly as received, with its response, so the model keeps its context.
 */
export interface ServerToolCall {
  id?: string;
  /** Gemini's ToolType, e.g. URL_CONTEXT. */
  toolType: string;
  args?: Record<string, unknown>;
}

export interface ServerToolResponse {
  id?: string;
  toolType: string;
  response?: Record<string, unknown>;
}

export interface Part {
  text?: string;
  /** A thought summary; never shown as content, never stored in history (spec A5). */
  thought?: boolean;
  /** Opaque Gemini signature, stored and sent back exactly as received (spec F6). */
  thoughtSignature?: string;
  functionCall?: FunctionCall;
  functionResponse?: FunctionResponse;
  inlineData?: InlineData;
  toolCall?: ServerToolCall;
  toolResponse?: ServerToolResponse;
}

export interface Content {
  role: Role;
  parts: Part[];
  /**
   * The entry's own id in the session's history: given when it joins the history (the agent's
   * commit), kept as long as the entry lives (stored, in session documents, in the requests that
   * carried it), and what a fork names it by. Never sent to a model: the adapters send role and
   * parts only.
   */
  entryId?: string;
  /**
   * A message the person sent while the agent worked (steering), joined here, between a batch's
   * results and the next request or after a reply without calls. What the model sees is the same
   * as any user text; the mark is for the transcript, the Loop inspector and replays.
   */
  steering?: true;
}

/** The history with an id on every entry: those without one get `newId()`; the array itself when all have one. */
export function withEntryIds(history: readonly Content[], newId: () => string): Content[] {
  if (history.every((content) => content.entryId !== undefined)) return history as Content[];
  return history.map((content) => (content.entryId === undefined ? { ...content, entryId: newId() } : content));
}

export function textContent(role: Role, text: string): Content {
  return { role, parts: [{ text }] };
}

/** Visible text of a content: text parts that are not thoughts, joined. */
export function visibleText(content: Content): string {
  return content.parts
    .filter((part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('');
}

/** Text and nothing else: no thought flag, signature, call, response, media or server tool. */
export function isPlainText(part: Part): boolean {
  return (
    typeof part.text === 'string' &&
    !part.thought &&
    part.thoughtSignature === undefined &&
    !part.functionCall &&
    !part.functionResponse &&
    !part.inlineData &&
    !part.toolCall &&
    !part.toolResponse
  );
}

/**
 * How a tool result (E1) or failure (E2) becomes the `functionResponse` part sent back to
 * the model. Every call gets exactly one of these (E3); the pairing key is the call id.
 */
import type { FunctionResponse, Part } from '../../shared/content';

/** Output used when a successful result carries no text (Qwen `TOOL_SUCCEEDED_OUTPUT`). */
export const TOOL_SUCCEEDED_OUTPUT = 'Tool execution succeeded.';
export const TOOL_FAILED_WITHOUT_MESSAGE = 'The tool failed without an error message.';

/** Cancellation reason when the person rejects one approval (Qwen wording, spec §0.1 item 3). */
export const USER_DENIED_REASON = 'User did not allow tool call';

/** Cancellation reason when the person stops the interaction while calls are pending. */
export const USER_CANCELLED_REASON = 'Tool call cancelled by user.';

function responsePart(callId: string, name: string, output: string, media: Part[] = []): Part {
  const functionResponse: FunctionResponse = { id: callId, name, response: { output } };
  if (media.length > 0) functionResponse.parts = media;
  return { functionResponse };
}

/** Gemini CLI's wording, used so that a media-only result never has an empty output (our choice, E1). */
function binaryOutput(count: number): string {
  return `Binary content provided (${count} item(s)).`;
}

/** Text of a passed-through `response.content` (a string, parts, or anything else). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) =>
        part && typeof part === 'object' && typeof (part as Part).text === 'string' ? (part as Part).text : '',
      )
      .join('');
  }
  return JSON.stringify(content) ?? '';
}

function fromSinglePart(callId: string, name: string, part: Part): Part {
  if (part.functionResponse) {
    const content = part.functionResponse.response['content'];
    if (content !== undefined && content !== null && content !== '') {
      return responsePart(callId, name, contentText(content));
    }
    // Never an empty response (E1).
    if (Object.keys(part.functionResponse.response).length === 0) return responsePart(callId, name, TOOL_SUCCEEDED_OUTPUT);
    // Passed through as is, except that id and name are the call's: pairing is by id.
    return { functionResponse: { ...part.functionResponse, id: callId, name } };
  }
  if (part.inlineData) {
    return responsePart(callId, name, binaryOutput(1), [{ inlineData: part.inlineData }]);
  }
  if (part.text !== undefined) return responsePart(callId, name, part.text);
  return responsePart(callId, name, TOOL_SUCCEEDED_OUTPUT);
}

/**
 * A successful result (E1). A string becomes `{output}`; a list keeps its text (joined with '\n') as `output`
 * and its media inside `functionResponse.parts`; other part kinds are dropped. A
 * one-element list follows the single-part rules.
 */
export function convertToFunctionResponse(callId: string, name: string, llmContent: string | Part[]): Part {
  if (typeof llmContent === 'string') return responsePart(callId, name, llmContent);
  const [only] = llmContent;
  if (llmContent.length === 1 && only) return fromSinglePart(callId, name, only);

  const texts: string[] = [];
  const media: Part[] = [];
  for (const part of llmContent) {
    if (part.text !== undefined) texts.push(part.text);
    else if (part.inlineData) media.push({ inlineData: part.inlineData });
  }
  const output = texts.length > 0 ? texts.join('\n') : TOOL_SUCCEEDED_OUTPUT;
  return responsePart(callId, name, output, media);
}

/** An error result: `{error: message}` and no `output` key (E2). */
export function errorFunctionResponse(callId: string, name: string, message: string): Part {
  return { functionResponse: { id: callId, name, response: { error: message.trim() ? message : TOOL_FAILED_WITHOUT_MESSAGE } } };
}

/** A cancelled call (denied, aborted, cascaded): an error that starts "[Operation Cancelled]" (E2). */
export function cancelledFunctionResponse(callId: string, name: string, reason: string): Part {
  return errorFunctionResponse(callId, name, `[Operation Cancelled] Reason: ${reason}`);
}

/**
 * A response that streamed without error can still be unusable (A12). Only a
 * round trip without any functionCall is classified; such a response is retried from the
 * invalid-stream budget, with a nudge in the system instruction for the two "said
 * nothing" cases (A13).
 */
import type { FinishReason } from '../../model/types';
import type { Part } from '../../shared/content';

export type InvalidStreamType =
  | 'NO_FINISH_REASON'
  | 'MALFORMED_FUNCTION_CALL'
  | 'UNEXPECTED_TOOL_CALL'
  | 'MAX_TOKENS_EXCEEDED'
  | 'SAFETY_BLOCKED'
  | 'RECITATION_BLOCKED'
  | 'OTHER_BLOCKED'
  | 'THINKING_ONLY_RESPONSE'
  | 'NO_RESPONSE_TEXT';

export interface InvalidStream {
  type: InvalidStreamType;
  message: string;
}

const MESSAGES: Record<InvalidStreamType, string> = {
  NO_FINISH_REASON: 'The model stream ended without a finish reason.',
  MALFORMED_FUNCTION_CALL: 'The model produced a malformed function call.',
  UNEXPECTED_TOOL_CALL: 'The model called a tool that was not offered.',
  MAX_TOKENS_EXCEEDED: 'The model hit its output limit before writing any answer.',
  SAFETY_BLOCKED: 'The answer was blocked by the safety filter.',
  RECITATION_BLOCKED: 'The answer was blocked for recitation.',
  OTHER_BLOCKED: 'The answer was blocked by the model service.',
  THINKING_ONLY_RESPONSE: 'The model thought but gave no answer.',
  NO_RESPONSE_TEXT: 'The model returned an empty response.',
};

export const THINKING_ONLY_NUDGE =
  '[System: You previously generated thoughts but failed to provide a final user-facing response. Please ensure you provide your final answer or call a tool now.]';
export const EMPTY_RESPONSE_NUDGE =
  '[System: You previously returned an empty response with no text or thoughts. Please provide a response or call a tool now.]';

/** Text a person would see: zero-width characters and HTML comments removed, trimmed. */
export function visibleResponseText(parts: readonly Part[]): string {
  return parts
    .filter((part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('')
    .replace(/[\u200B-\u200D\uFEFF\u200E\u200F]/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .trim();
}

function invalid(type: InvalidStreamType): InvalidStream {
  return { type, message: MESSAGES[type] };
}

export function classifyResponse(
  response: { parts: readonly Part[]; finishReason?: FinishReason },
  requestIsFunctionResponse: boolean,
): InvalidStream | null {
  if (response.parts.some((part) => part.functionCall)) return null;
  const { finishReason } = response;
  if (!finishReason) return requestIsFunctionResponse ? null : invalid('NO_FINISH_REASON');
  if (finishReason === 'MALFORMED_FUNCTION_CALL') return invalid('MALFORMED_FUNCTION_CALL');
  if (finishReason === 'UNEXPECTED_TOOL_CALL') return invalid('UNEXPECTED_TOOL_CALL');
  if (visibleResponseText(response.parts) !== '') return null;
  switch (finishReason) {
    case 'MAX_TOKENS':
      return invalid('MAX_TOKENS_EXCEEDED');
    case 'SAFETY':
      return invalid('SAFETY_BLOCKED');
    case 'RECITATION':
      return invalid('RECITATION_BLOCKED');
    case 'OTHER':
      return invalid('OTHER_BLOCKED');
    case 'STOP':
    case 'FINISH_REASON_UNSPECIFIED':
      break;
  }
  if (response.parts.some((part) => part.thought && part.text)) return invalid('THINKING_ONLY_RESPONSE');
  return requestIsFunctionResponse ? null : invalid('NO_RESPONSE_TEXT');
}

/** The nudge appended to the system instruction of the retry, if any (A13). */
export function retryNudge(type: InvalidStreamType): string | undefined {
  if (type === 'THINKING_ONLY_RESPONSE') return THINKING_ONLY_NUDGE;
  if (type === 'NO_RESPONSE_TEXT') return EMPTY_RESPONSE_NUDGE;
  return undefined;
}

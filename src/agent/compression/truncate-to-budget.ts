/**
 * The truncation half of compression (I2, I3; after Gemini CLI's
 * `truncateHistoryToBudget`): walking from the newest content back, functionResponse outputs
 * are kept whole until their running total passes a token budget; older large outputs are
 * cut to their last lines. Recent tool results keep full fidelity; stale giant ones shrink.
 * Gemini CLI saves the full text to a temp file; the browser kernel has no file system of its
 * own, so the model is told to re-run the tool if it needs the rest.
 */
import type { Content, FunctionResponse, Part } from '../../shared/content';
import { CHARS_PER_TOKEN } from './token-estimate';

export interface TruncationOptions {
  /** Tokens of functionResponse output kept whole, newest first. Default 50 000. */
  functionResponseTokenBudget: number;
  /** Lines kept from the end of a truncated output. Default 30. */
  keepLines: number;
  /** Characters kept at most from the end of a truncated output. Default 4000. */
  keepChars: number;
}

export const DEFAULT_TRUNCATION_OPTIONS: TruncationOptions = {
  functionResponseTokenBudget: 50_000,
  keepLines: 30,
  keepChars: 4000,
};

/** Returns a new history; contents and parts that did not change are the same objects. */
export function truncateToBudget(history: readonly Content[], options: TruncationOptions = DEFAULT_TRUNCATION_OPTIONS): Content[] {
  let used = 0;
  const result: Content[] = new Array<Content>(history.length);
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const content = history[index];
    if (!content) continue;
    let changed = false;
    const parts: Part[] = new Array<Part>(content.parts.length);
    for (let partIndex = content.parts.length - 1; partIndex >= 0; partIndex -= 1) {
      const part = content.parts[partIndex];
      if (!part) continue;
      parts[partIndex] = part;
      if (!part.functionResponse) continue;
      const { field, text } = outputOf(part.functionResponse);
      const tokens = Math.ceil(text.length / CHARS_PER_TOKEN);
      if (used + tokens <= options.functionResponseTokenBudget) {
        used += tokens;
        continue;
      }
      const shortened = keepTail(text, options);
      if (shortened.length >= text.length) {
        used += tokens;
        continue;
      }
      used += Math.ceil(shortened.length / CHARS_PER_TOKEN);
      parts[partIndex] = { ...part, functionResponse: { ...part.functionResponse, response: { [field]: shortened } } };
      changed = true;
    }
    result[index] = changed ? { ...content, parts } : content;
  }
  return result;
}

/** The output text a response carries, and which field to put a shortened version in. */
function outputOf(functionResponse: FunctionResponse): { field: string; text: string } {
  const response = functionResponse.response;
  for (const field of ['output', 'error', 'content']) {
    const value = response[field];
    if (typeof value === 'string') return { field, text: value };
  }
  return { field: 'output', text: JSON.stringify(response) };
}

function keepTail(text: string, options: TruncationOptions): string {
  const lines = text.split('\n');
  let tail = lines.slice(-options.keepLines).join('\n');
  if (tail.length > options.keepChars) tail = tail.slice(-options.keepChars);
  const omitted = text.length - tail.length;
  return `[Tool output truncated to save context: ${omitted} of ${text.length} characters omitted, the end follows. Run the tool again if you need the rest.]\n${tail}`;
}

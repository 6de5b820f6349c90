import { describe, expect, it } from 'vitest';
import type { FinishReason } from '../../model/types';
import type { Part } from '../../shared/content';
import { classifyResponse, EMPTY_RESPONSE_NUDGE, retryNudge, THINKING_ONLY_NUDGE, visibleResponseText } from './invalid-stream';

const call: Part = { functionCall: { id: 'c1', name: 'read_file', args: { file_path: 'a' } } };
const text = (value: string): Part => ({ text: value });
const thought: Part = { text: 'thinking', thought: true };

/** [what the model sent, its finish reason, whether the request was a functionResponse, the classification]. */
const CASES: [string, Part[], FinishReason | undefined, boolean, string | null][] = [
  ['a visible answer with STOP', [text('done')], 'STOP', false, null],
  ['no finish reason', [text('half')], undefined, false, 'NO_FINISH_REASON'],
  ['no finish reason after a functionResponse', [text('half')], undefined, true, null],
  ['MALFORMED_FUNCTION_CALL even with text', [text('I will call')], 'MALFORMED_FUNCTION_CALL', false, 'MALFORMED_FUNCTION_CALL'],
  ['UNEXPECTED_TOOL_CALL even with text', [text('x')], 'UNEXPECTED_TOOL_CALL', false, 'UNEXPECTED_TOOL_CALL'],
  ['MAX_TOKENS with no visible text', [text('  ')], 'MAX_TOKENS', false, 'MAX_TOKENS_EXCEEDED'],
  ['MAX_TOKENS with visible text (continuation handles it)', [text('part')], 'MAX_TOKENS', false, null],
  ['SAFETY with no text', [], 'SAFETY', false, 'SAFETY_BLOCKED'],
  ['SAFETY after visible text', [text('partial')], 'SAFETY', false, null],
  ['RECITATION with no text', [], 'RECITATION', false, 'RECITATION_BLOCKED'],
  ['OTHER with no text', [], 'OTHER', false, 'OTHER_BLOCKED'],
  ['only thoughts', [thought], 'STOP', false, 'THINKING_ONLY_RESPONSE'],
  ['only thoughts after a functionResponse', [thought], 'STOP', true, 'THINKING_ONLY_RESPONSE'],
  ['nothing at all', [], 'STOP', false, 'NO_RESPONSE_TEXT'],
  ['nothing at all after a functionResponse', [], 'STOP', true, null],
  ['only zero-width characters', [text('\u200B\u200C\u200D\uFEFF\u200E\u200F')], 'STOP', false, 'NO_RESPONSE_TEXT'],
  ['only an HTML comment', [text('<!-- plan -->\n')], 'STOP', false, 'NO_RESPONSE_TEXT'],
  ['FINISH_REASON_UNSPECIFIED with nothing', [], 'FINISH_REASON_UNSPECIFIED', false, 'NO_RESPONSE_TEXT'],
  // A round trip with a functionCall is never classified, whatever else it holds.
  ['a call without a finish reason', [call], undefined, false, null],
  ['a call with MALFORMED_FUNCTION_CALL', [call], 'MALFORMED_FUNCTION_CALL', false, null],
  ['a call with SAFETY', [call], 'SAFETY', false, null],
  ['a call beside thoughts only', [thought, call], 'STOP', false, null],
];

describe('A12 invalid-stream classification', () => {
  it.each(CASES)('%s', (_name, parts, finishReason, afterFunctionResponse, expected) => {
    const response = finishReason === undefined ? { parts } : { parts, finishReason };
    const result = classifyResponse(response, afterFunctionResponse);
    expect(result?.type ?? null).toBe(expected);
    if (result) expect(result.message).not.toBe('');
  });

  it('visible text ignores thoughts, zero-width characters and comments, and trims', () => {
    expect(visibleResponseText([thought, text(' \u200Ba<!-- x -->b\uFEFF ')])).toBe('ab');
    expect(visibleResponseText([text('<!-- one\nline two -->'), text('  ')])).toBe('');
  });

  it('A13 only the two "said nothing" cases carry a nudge', () => {
    expect(retryNudge('THINKING_ONLY_RESPONSE')).toBe(THINKING_ONLY_NUDGE);
    expect(retryNudge('NO_RESPONSE_TEXT')).toBe(EMPTY_RESPONSE_NUDGE);
    for (const type of ['NO_FINISH_REASON', 'MALFORMED_FUNCTION_CALL', 'SAFETY_BLOCKED', 'MAX_TOKENS_EXCEEDED'] as const) {
      expect(retryNudge(type)).toBeUndefined();
    }
  });
});

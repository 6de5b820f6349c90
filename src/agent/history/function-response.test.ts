import { describe, expect, it } from 'vitest';
import type { Part } from '../../shared/content';
import {
  TOOL_FAILED_WITHOUT_MESSAGE,
  TOOL_SUCCEEDED_OUTPUT,
  USER_CANCELLED_REASON,
  USER_DENIED_REASON,
  cancelledFunctionResponse,
  convertToFunctionResponse,
  errorFunctionResponse,
} from './function-response';
import { deepFreeze } from './fixtures';

const png = { mimeType: 'image/png', data: 'iVBORw0KGgo=' };

function convert(llmContent: string | Part[]): Part {
  return convertToFunctionResponse('c1', 'read_file', deepFreeze(llmContent));
}

describe('convertToFunctionResponse (E1)', () => {
  it('turns a string into {output}', () => {
    expect(convert('abc')).toEqual({ functionResponse: { id: 'c1', name: 'read_file', response: { output: 'abc' } } });
  });

  it('falls back to the success text for an empty list', () => {
    expect(convert([]).functionResponse?.response).toEqual({ output: TOOL_SUCCEEDED_OUTPUT });
    expect(TOOL_SUCCEEDED_OUTPUT).toBe('Tool execution succeeded.');
  });

  it("joins text parts with '\\n'", () => {
    expect(convert([{ text: 'a' }, { text: 'b' }]).functionResponse?.response).toEqual({ output: 'a\nb' });
  });

  it('puts media inside functionResponse.parts, never beside it', () => {
    const part = convert([{ text: 'img' }, { inlineData: png }]);
    expect(part).toEqual({
      functionResponse: { id: 'c1', name: 'read_file', response: { output: 'img' }, parts: [{ inlineData: png }] },
    });
    expect(Object.keys(part)).toEqual(['functionResponse']);
  });

  it('drops other part kinds from a list and says success when no text is left', () => {
    const part = convert([{ functionCall: { name: 'x', args: {} } }, { inlineData: png }]);
    expect(part.functionResponse?.response).toEqual({ output: TOOL_SUCCEEDED_OUTPUT });
    expect(part.functionResponse?.parts).toEqual([{ inlineData: png }]);
  });

  it('answers a lone functionCall part with the success text', () => {
    expect(convert([{ functionCall: { name: 'x', args: {} } }]).functionResponse?.response).toEqual({
      output: TOOL_SUCCEEDED_OUTPUT,
    });
  });

  it('uses a single text part as the output', () => {
    expect(convert([{ text: 'only' }]).functionResponse?.response).toEqual({ output: 'only' });
  });

  it('gives a single media part a non-empty output ([CHOICE])', () => {
    expect(convert([{ inlineData: png }])).toEqual({
      functionResponse: {
        id: 'c1',
        name: 'read_file',
        response: { output: 'Binary content provided (1 item(s)).' },
        parts: [{ inlineData: png }],
      },
    });
  });

  it('passes a single functionResponse part through, under the call id and name', () => {
    const inner: Part = { functionResponse: { id: 'other', name: 'other', response: { output: 'kept' } } };
    expect(convert([inner])).toEqual({ functionResponse: { id: 'c1', name: 'read_file', response: { output: 'kept' } } });
  });

  it('stringifies response.content of a passed-through functionResponse into output', () => {
    const inner: Part = {
      functionResponse: { name: 'mcp', response: { content: [{ text: 'from ' }, { text: 'mcp' }] } },
    };
    expect(convert([inner]).functionResponse?.response).toEqual({ output: 'from mcp' });
  });
});

describe('empty tool responses (E1)', () => {
  it('a passed-through functionResponse with an empty response says the tool succeeded', () => {
    const part = convert([{ functionResponse: { id: 'x', name: 'other', response: {} } }]);
    expect(part).toEqual({ functionResponse: { id: 'c1', name: 'read_file', response: { output: TOOL_SUCCEEDED_OUTPUT } } });
  });
});

describe('error and cancelled responses (E2)', () => {
  it('carries {error} and no output key', () => {
    const part = errorFunctionResponse('c1', 'shell', 'boom');
    expect(part).toEqual({ functionResponse: { id: 'c1', name: 'shell', response: { error: 'boom' } } });
    expect(part.functionResponse?.response).not.toHaveProperty('output');
  });

  it('E1 an error without a message still tells the model something', () => {
    expect(errorFunctionResponse('c1', 'shell', '').functionResponse?.response).toEqual({ error: TOOL_FAILED_WITHOUT_MESSAGE });
    expect(errorFunctionResponse('c1', 'shell', '  \n').functionResponse?.response).toEqual({ error: TOOL_FAILED_WITHOUT_MESSAGE });
  });

  it('prefixes a cancellation reason', () => {
    expect(cancelledFunctionResponse('c1', 'shell', USER_DENIED_REASON).functionResponse?.response).toEqual({
      error: '[Operation Cancelled] Reason: User did not allow tool call',
    });
    expect(cancelledFunctionResponse('c2', 'edit', USER_CANCELLED_REASON).functionResponse?.response).toEqual({
      error: '[Operation Cancelled] Reason: Tool call cancelled by user.',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { messageOf } from './genai-messages';

describe('contents as GenAI messages', () => {
  it('a tool Gemini ran on its servers becomes generic server_tool_call parts beside the text', () => {
    const message = messageOf({
      role: 'model',
      parts: [
        { toolCall: { id: 's1', toolType: 'URL_CONTEXT', args: { urls: ['https://docs.example/'] } } },
        { toolResponse: { id: 's1', toolType: 'URL_CONTEXT', response: { status: 'ok' } } },
        { text: 'Read.' },
      ],
    });
    expect(message).toEqual({
      role: 'assistant',
      parts: [
        { type: 'server_tool_call', id: 's1', name: 'URL_CONTEXT', arguments: { urls: ['https://docs.example/'] } },
        { type: 'server_tool_call_response', id: 's1', name: 'URL_CONTEXT', response: { status: 'ok' } },
        { type: 'text', content: 'Read.' },
      ],
    });
  });
});

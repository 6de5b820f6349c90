import { describe, expect, it } from 'vitest';
import type { Content } from '../../shared/content';
import { toChatMessages, toChatRequest } from './to-openai-request';

describe('history → chat messages', () => {
  it('says an error result as an error, keeps a call-only turn without content, and never sends thoughts', () => {
    const contents: Content[] = [
      { role: 'user', parts: [{ text: 'go' }] },
      { role: 'model', parts: [{ text: 'hmm', thought: true }, { functionCall: { id: 'c1', name: 'run_shell_command', args: { command: 'ls' } } }] },
      { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'run_shell_command', response: { error: 'denied' } } }] },
    ];
    expect(toChatMessages({ model: 'm', contents })).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'run_shell_command', arguments: '{"command":"ls"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'Error: denied' },
    ]);
  });

  it("says a turn Gemini's own tools alone filled (a session begun on Gemini with URL context) as what they did, so two user messages never follow each other", () => {
    const toolCall = { id: 'srv-1', toolType: 'URL_CONTEXT', args: { urls: ['https://docs.example/guide'] } };
    const toolResponse = { id: 'srv-1', toolType: 'URL_CONTEXT', response: { status: 'URL_RETRIEVAL_STATUS_SUCCESS' } };
    const contents: Content[] = [
      { role: 'user', parts: [{ text: 'read the guide' }] },
      { role: 'model', parts: [{ toolCall }, { toolResponse }] },
      { role: 'user', parts: [{ text: 'and?' }] },
      { role: 'model', parts: [{ toolCall }, { toolResponse }, { text: 'Three steps.' }] },
      { role: 'model', parts: [{ text: 'only a thought', thought: true }] },
    ];
    expect(toChatMessages({ model: 'm', contents })).toEqual([
      { role: 'user', content: 'read the guide' },
      { role: 'assistant', content: '[Gemini read https://docs.example/guide on its own servers (URL context).]' },
      { role: 'user', content: 'and?' },
      { role: 'assistant', content: 'Three steps.' },
    ]);
  });

  it('moves an image a tool returned into the user message after the tool messages', () => {
    const image = { inlineData: { mimeType: 'image/png', data: 'AAAA' } };
    const contents: Content[] = [
      { role: 'user', parts: [{ text: 'look' }] },
      { role: 'model', parts: [{ functionCall: { id: 'r', name: 'read_file', args: { file_path: 'a.png' } } }] },
      { role: 'user', parts: [{ functionResponse: { id: 'r', name: 'read_file', response: { output: 'a.png' }, parts: [image] } }] },
    ];
    const messages = toChatMessages({ model: 'm', contents });
    expect(messages[2]).toEqual({ role: 'tool', tool_call_id: 'r', content: 'a.png' });
    expect(messages[3]).toEqual({ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] });
  });

  it('pairs calls and responses that have no id (a hand-made history) by position', () => {
    const contents: Content[] = [
      { role: 'user', parts: [{ text: 'go' }] },
      { role: 'model', parts: [{ functionCall: { name: 'glob', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'glob', response: { output: '' } } }] },
    ];
    const messages = toChatMessages({ model: 'm', contents });
    const call = messages[1] as { tool_calls: Array<{ id: string }> };
    expect((messages[2] as { tool_call_id: string }).tool_call_id).toBe(call.tool_calls[0]!.id);
  });

  it('maps the generation settings', () => {
    const body = toChatRequest({ model: 'm', contents: [], config: { temperature: 0, maxOutputTokens: 100, responseMimeType: 'application/json' } });
    expect(body).toMatchObject({ temperature: 0, max_tokens: 100, response_format: { type: 'json_object' } });
    expect(body.tools).toBeUndefined();
  });
});

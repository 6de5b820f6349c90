/** A history entry's id (Content.entryId) is Loopscope's own: neither adapter sends it to a model. */
import { describe, expect, it } from 'vitest';
import type { ModelRequest } from './types';
import { toGeminiParameters } from './gemini/to-gemini-request';
import { toChatMessages } from './openai/to-openai-request';

const request: ModelRequest = {
  model: 'gemini-2.5-flash',
  contents: [
    { role: 'user', parts: [{ text: 'hello' }], entryId: 'entry-user' },
    { role: 'model', parts: [{ text: 'hi' }, { functionCall: { id: 'c1', name: 'read_file', args: { file_path: 'a' } } }], entryId: 'entry-model' },
    { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'read_file', response: { output: 'x' } } }], entryId: 'entry-result' },
  ],
};

describe('entry ids stay in Loopscope', () => {
  it('are not in a Gemini request', () => {
    const sent = JSON.stringify(toGeminiParameters(request, { abortSignal: new AbortController().signal, fetch: globalThis.fetch, includeThoughts: false }).contents);
    expect(sent).toContain('hello');
    expect(sent).not.toContain('entry');
  });

  it('are not in an OpenAI-compatible request', () => {
    const sent = JSON.stringify(toChatMessages(request));
    expect(sent).toContain('hello');
    expect(sent).not.toContain('entry');
  });
});

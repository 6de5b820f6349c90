/**
 * A steering message (agent/steering.ts) reaches both providers after the results of the batch it
 * followed: the request holds it in the results' user turn, after every functionResponse (F3
 * merges the two user entries), or on its own after a reply without calls. Its mark stays in
 * Loopscope.
 */
import { describe, expect, it } from 'vitest';
import type { ModelRequest } from './types';
import { toGeminiParameters } from './gemini/to-gemini-request';
import { toChatMessages } from './openai/to-openai-request';

const call = { functionCall: { id: 'c1', name: 'list_directory', args: { dir_path: '.' } } };
const result = { functionResponse: { id: 'c1', name: 'list_directory', response: { output: 'a.txt' } } };
const afterResults: ModelRequest = {
  model: 'm',
  contents: [
    { role: 'user', parts: [{ text: 'look around' }] },
    { role: 'model', parts: [call] },
    { role: 'user', parts: [result, { text: 'only the top level' }] },
  ],
};
const afterReply: ModelRequest = {
  model: 'm',
  contents: [
    { role: 'user', parts: [{ text: 'rename a' }] },
    { role: 'model', parts: [{ text: 'I will rename it.' }] },
    { role: 'user', parts: [{ text: 'call it b' }], steering: true },
  ],
};
const gemini = (request: ModelRequest) => toGeminiParameters(request, { abortSignal: new AbortController().signal, fetch: globalThis.fetch, includeThoughts: false }).contents;

describe('a steering message in a request', () => {
  it('Gemini: after the functionResponse, in the same user turn right after the call', () => {
    const contents = gemini(afterResults) as { role: string; parts: Record<string, unknown>[] }[];
    expect(contents.map((content) => content.role)).toEqual(['user', 'model', 'user']);
    expect(contents[2]!.parts.map((part) => Object.keys(part).filter((key) => part[key] !== undefined))).toEqual([['functionResponse'], ['text']]);
    expect(contents[2]!.parts[1]).toMatchObject({ text: 'only the top level' });
  });

  it('OpenAI-compatible: a user message after the tool message that answers the call', () => {
    expect(toChatMessages(afterResults).slice(1)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'list_directory', arguments: '{"dir_path":"."}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'a.txt' },
      { role: 'user', content: 'only the top level' },
    ]);
  });

  it('after a reply without calls it is an ordinary user turn, and neither provider is sent its mark', () => {
    expect(JSON.stringify(gemini(afterReply))).not.toContain('steering');
    expect(JSON.stringify(toChatMessages(afterReply))).not.toContain('steering');
    expect(toChatMessages(afterReply).at(-1)).toEqual({ role: 'user', content: 'call it b' });
  });
});

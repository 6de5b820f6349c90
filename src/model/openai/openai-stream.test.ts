// The adapter against the fake OpenAI-compatible server, through the real `openai` SDK.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../../e2e/fake-openai/server.mjs';
import { expectRefusedGateSendsNothing, expectSendWaitsForTheGate } from '../testing/send-gate-contract';
import type { FakeOpenAi, FakeResponse } from '../../../e2e/fake-openai/server.mjs';
import type { Content } from '../../shared/content';
import { collectStream, failureOf, partsOf } from '../testing/collect-stream';
import type { ModelChunk, ModelRequest, ModelStreamPart } from '../types';
import { createOpenAiModel } from './openai-model';

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const hi: ModelRequest = { model: 'qwen2.5-coder', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };

async function run(response: FakeResponse, request: ModelRequest = hi, apiKey?: string): Promise<ModelStreamPart[]> {
  fake.setScript({ responses: [response] });
  const model = createOpenAiModel(apiKey ? { baseUrl: fake.baseUrl, apiKey } : { baseUrl: fake.baseUrl });
  return collectStream(model.stream(request, new AbortController().signal));
}

function lastChunk(stream: ModelStreamPart[]): ModelChunk | undefined {
  const last = stream.at(-1);
  return last?.type === 'chunk' ? last : undefined;
}

describe('openai adapter stream', () => {
  const gated = { model: () => createOpenAiModel({ baseUrl: fake.baseUrl }), request: hi, received: () => fake.requests().length };

  it('builds the request at once but sends it only once what it rests on is stored', async () => {
    fake.setScript({ responses: [{ chunks: [{ text: 'ok' }] }] });
    await expectSendWaitsForTheGate(gated);
  });

  it('sends nothing when what the request rests on could not be stored', async () => {
    await expectRefusedGateSendsNothing(gated);
  });

  it('streams text as it comes and ends with STOP', async () => {
    const stream = await run({ chunks: [{ text: 'Hel' }, { text: 'lo' }] });
    expect(failureOf(stream)).toBeUndefined();
    expect(partsOf(stream)).toEqual([{ text: 'Hel' }, { text: 'lo' }]);
    expect(lastChunk(stream)?.finishReason).toBe('STOP');
  });

  it('sends a streamed chat-completions request with the tools, usage asked, and the key as a bearer token', async () => {
    const request: ModelRequest = {
      ...hi,
      systemInstruction: 'You are a coding agent.',
      tools: [{ name: 'read_file', description: 'Reads a file', parametersJsonSchema: { type: 'object', properties: { file_path: { type: 'string' } } } }],
    };
    await run({ chunks: [{ text: 'ok' }] }, request, 'sk-test');
    const [sent] = fake.requests();
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.apiKey).toBe('sk-test');
    expect(sent?.body).toMatchObject({
      model: 'qwen2.5-coder',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'You are a coding agent.' },
        { role: 'user', content: 'hi' },
      ],
      tools: [{ type: 'function', function: { name: 'read_file', description: 'Reads a file', parameters: { type: 'object' } } }],
    });
  });

  it('sends no Authorization header at all without a key', async () => {
    await run({ chunks: [{ text: 'ok' }] });
    expect(fake.requests()[0]?.headers['authorization']).toBeUndefined();
  });

  it('assembles a tool call whose arguments arrive in pieces, keeping its id', async () => {
    const stream = await run({
      chunks: [
        { toolCalls: [{ index: 0, id: 'call_abc', name: 'write_file', arguments: '' }] },
        { toolCalls: [{ index: 0, arguments: '{"file_' }] },
        { toolCalls: [{ index: 0, arguments: 'path": "a.txt", "con' }] },
        { toolCalls: [{ index: 0, arguments: 'tent": "héllo"}' }] },
      ],
    });
    expect(partsOf(stream)).toEqual([{ functionCall: { id: 'call_abc', name: 'write_file', args: { file_path: 'a.txt', content: 'héllo' } } }]);
    expect(lastChunk(stream)?.finishReason).toBe('STOP');
  });

  it('tells two parallel calls apart by index when their pieces interleave', async () => {
    const stream = await run({
      chunks: [
        { toolCalls: [{ index: 0, id: 'call_1', name: 'read_file' }] },
        { toolCalls: [{ index: 1, id: 'call_2', name: 'list_directory' }] },
        { toolCalls: [{ index: 1, arguments: '{"dir_path":' }] },
        { toolCalls: [{ index: 0, arguments: '{"file_path":' }] },
        { toolCalls: [{ index: 0, arguments: '"a.txt"}' }, { index: 1, arguments: '"src"}' }] },
      ],
    });
    expect(partsOf(stream)).toEqual([
      { functionCall: { id: 'call_1', name: 'read_file', args: { file_path: 'a.txt' } } },
      { functionCall: { id: 'call_2', name: 'list_directory', args: { dir_path: 'src' } } },
    ]);
  });

  it('keeps calls apart when a server numbers each of them 0 but gives them their own ids', async () => {
    const stream = await run({
      chunks: [{ toolCalls: [{ index: 0, id: 'a', name: 'glob', arguments: '{"pattern":"*"}' }] }, { toolCalls: [{ index: 0, id: 'b', name: 'glob', arguments: '{}' }] }],
    });
    expect(partsOf(stream).map((part) => part.functionCall?.id)).toEqual(['a', 'b']);
  });

  it('reports arguments that are not a JSON object as a malformed call', async () => {
    const stream = await run({ chunks: [{ toolCalls: [{ index: 0, id: 'x', name: 'glob', arguments: '{"pattern": ' }] }] });
    expect(partsOf(stream)).toEqual([]);
    expect(lastChunk(stream)?.finishReason).toBe('MALFORMED_FUNCTION_CALL');
  });

  it('maps usage (sent after the finish reason) onto the last chunk, reasoning tokens as thoughts', async () => {
    const usage = { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150, completion_tokens_details: { reasoning_tokens: 10 } };
    const stream = await run({ chunks: [{ reasoning: 'Think' }, { text: 'Done.' }], usage });
    expect(partsOf(stream)).toEqual([{ text: 'Think', thought: true }, { text: 'Done.' }]);
    expect(lastChunk(stream)).toMatchObject({
      finishReason: 'STOP',
      usage: { promptTokenCount: 120, candidatesTokenCount: 20, totalTokenCount: 150, thoughtsTokenCount: 10 },
    });
  });

  it('maps length to MAX_TOKENS and content_filter to SAFETY', async () => {
    expect(lastChunk(await run({ chunks: [{ text: 'a' }], finishReason: 'length' }))?.finishReason).toBe('MAX_TOKENS');
    expect(lastChunk(await run({ chunks: [{ text: 'a' }], finishReason: 'content_filter' }))?.finishReason).toBe('SAFETY');
  });

  it('gives no finish reason when the server sent none', async () => {
    const stream = await run({ chunks: [{ text: 'cut' }], finishReason: null, done: false });
    expect(stream.some((part) => part.type === 'chunk' && part.finishReason)).toBe(false);
    expect(failureOf(stream)).toBeUndefined();
  });

  it('keeps every chunk as sent for the loop inspector', async () => {
    const stream = await run({ chunks: [{ text: 'a' }, { toolCalls: [{ index: 0, id: 'c', name: 'glob', arguments: '{}' }] }] });
    const raw = stream.flatMap((part) => (part.type === 'chunk' ? (part.rawChunks ?? []) : []));
    expect(raw).toHaveLength(3); // text, the call, the finish chunk
    expect(raw[1]).toMatchObject({ object: 'chat.completion.chunk', choices: [{ delta: { tool_calls: [{ id: 'c' }] } }] });
  });

  it('sends history as chat messages: tool calls with their ids, tool results under the same ids', async () => {
    const contents: Content[] = [
      { role: 'user', parts: [{ text: 'read a' }] },
      { role: 'model', parts: [{ text: 'Reading.' }, { functionCall: { id: 'call_1', name: 'read_file', args: { file_path: 'a' } } }] },
      { role: 'user', parts: [{ functionResponse: { id: 'call_1', name: 'read_file', response: { output: 'A' } } }, { text: '<system-reminder>x</system-reminder>' }] },
    ];
    await run({ chunks: [{ text: 'ok' }] }, { model: 'm', contents });
    expect(fake.requests()[0]?.body.messages).toEqual([
      { role: 'user', content: 'read a' },
      { role: 'assistant', content: 'Reading.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"file_path":"a"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: 'A' },
      { role: 'user', content: '<system-reminder>x</system-reminder>' },
    ]);
  });
});

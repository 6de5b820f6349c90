// The adapter driven through the real SDK against the fake server's real SSE wire format.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGemini } from '../../../e2e/fake-gemini/server.mjs';
import type { FakeGemini } from '../../../e2e/fake-gemini/server.mjs';
import { collectStream, failureOf, partsOf } from '../testing/collect-stream';
import { expectRefusedGateSendsNothing, expectSendWaitsForTheGate } from '../testing/send-gate-contract';
import type { ModelRequest } from '../types';
import { createGeminiModel, DEFAULT_GEMINI_MODEL } from './gemini-model';

const KEY = 'test-key-123';
let fake: FakeGemini;

beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return { model: DEFAULT_GEMINI_MODEL, contents: [{ role: 'user', parts: [{ text: 'hi' }] }], ...overrides };
}

function model() {
  return createGeminiModel({ apiKey: KEY, baseUrl: fake.url });
}

describe('gemini adapter streaming', () => {
  it('builds the request at once but sends it only once what it rests on is stored', async () => {
    fake.setScript({ responses: [{ chunks: [{ text: 'ok', finishReason: 'STOP' }] }] });
    await expectSendWaitsForTheGate({ model, request: request(), received: () => fake.requests().length });
  });

  it('sends nothing when what the request rests on could not be stored', async () => {
    await expectRefusedGateSendsNothing({ model, request: request(), received: () => fake.requests().length });
  });

  it('streams text chunks with finish reason and usage', async () => {
    fake.setScript({
      responses: [
        {
          chunks: [
            { text: 'Hello, ' },
            { text: 'world.', finishReason: 'STOP', usage: { promptTokenCount: 7, candidatesTokenCount: 3, totalTokenCount: 10 } },
          ],
        },
      ],
    });
    const stream = await collectStream(model().stream(request(), new AbortController().signal));
    expect(stream.map((part) => part.type)).toEqual(['chunk', 'chunk']);
    expect(partsOf(stream)).toEqual([{ text: 'Hello, ' }, { text: 'world.' }]);
    const last = stream[1];
    expect(last?.type === 'chunk' && last.finishReason).toBe('STOP');
    expect(last?.type === 'chunk' && last.usage).toEqual({ promptTokenCount: 7, candidatesTokenCount: 3, totalTokenCount: 10 });
    expect(last?.type === 'chunk' && JSON.stringify(last.rawChunks)).toContain('"finishReason":"STOP"');
  });

  it('ends the reply at the chunk that says why it ended, without waiting for the body to close', async () => {
    // The server sends the last chunk and then holds the connection open: the reply is whole.
    fake.setScript({ responses: [{ hang: true, chunks: [{ text: 'Done.', finishReason: 'STOP' }] }] });
    const stream = await collectStream(createGeminiModel({ apiKey: KEY, baseUrl: fake.url, idleTimeoutMs: 60_000 }).stream(request(), new AbortController().signal));
    expect(stream.map((part) => part.type)).toEqual(['chunk']);
    expect(partsOf(stream)).toEqual([{ text: 'Done.' }]);
  });

  it('still waits for the body while no chunk has said why the reply ended', async () => {
    fake.setScript({ responses: [{ hang: true, chunks: [{ text: 'Half' }] }] });
    const stream = await collectStream(createGeminiModel({ apiKey: KEY, baseUrl: fake.url, idleTimeoutMs: 300 }).stream(request(), new AbortController().signal));
    expect(failureOf(stream)).toMatchObject({ kind: 'transport', code: 'ETIMEDOUT' });
  });

  it('keeps thoughts apart and thought signatures byte for byte', async () => {
    const signature = 'CiQB0e2Kb+/=signature==';
    fake.setScript({
      responses: [
        {
          chunks: [
            { thought: '**Planning**\nI will read the file.' },
            { text: 'Done.', thoughtSignature: signature, finishReason: 'STOP', usage: { thoughtsTokenCount: 12 } },
          ],
        },
      ],
    });
    const stream = await collectStream(model().stream(request(), new AbortController().signal));
    expect(partsOf(stream)).toEqual([
      { text: '**Planning**\nI will read the file.', thought: true },
      { text: 'Done.', thoughtSignature: signature },
    ]);
    const last = stream.at(-1);
    expect(last?.type === 'chunk' && last.usage?.thoughtsTokenCount).toBe(12);
  });

  it('returns function calls with their ids and without minting missing ones', async () => {
    fake.setScript({
      responses: [
        {
          chunks: [
            {
              functionCalls: [
                { name: 'read_file', args: { file_path: 'a.txt' }, id: 'call-from-gemini' },
                { name: 'list_directory', args: { dir_path: '.' } },
              ],
              thoughtSignature: 'sig-1',
              finishReason: 'STOP',
            },
          ],
        },
      ],
    });
    const stream = await collectStream(model().stream(request(), new AbortController().signal));
    expect(partsOf(stream)).toEqual([
      { functionCall: { id: 'call-from-gemini', name: 'read_file', args: { file_path: 'a.txt' } }, thoughtSignature: 'sig-1' },
      { functionCall: { name: 'list_directory', args: { dir_path: '.' } } },
    ]);
  });

  it('maps finish reasons Gemini has and we do not to our union', async () => {
    fake.setScript({
      responses: [
        { chunks: [{ text: 'cut', finishReason: 'MAX_TOKENS' }] },
        { chunks: [{ finishReason: 'PROHIBITED_CONTENT' }] },
        { chunks: [{ finishReason: 'TOO_MANY_TOOL_CALLS' }] },
        { chunks: [{ raw: { promptFeedback: { blockReason: 'SAFETY' } } }] },
      ],
    });
    const reasons = [];
    for (let index = 0; index < 4; index += 1) {
      const stream = await collectStream(model().stream(request(), new AbortController().signal));
      const last = stream.at(-1);
      reasons.push(last?.type === 'chunk' ? last.finishReason : last?.error.kind);
    }
    expect(reasons).toEqual(['MAX_TOKENS', 'SAFETY', 'OTHER', 'SAFETY']);
  });

  it('passes on the sources of Gemini citation metadata, and keeps the chunk as sent in raw', async () => {
    const candidate = {
      content: { role: 'model', parts: [{ text: 'As the spec says.' }] },
      finishReason: 'STOP',
      citationMetadata: {
        citationSources: [{ startIndex: 0, endIndex: 9, uri: 'https://example.org/spec', license: 'CC-BY' }, { startIndex: 3, endIndex: 5 }],
      },
    };
    fake.setScript({ responses: [{ chunks: [{ raw: candidate }] }] });
    const [chunk] = await collectStream(model().stream(request(), new AbortController().signal));
    expect(chunk?.type === 'chunk' && chunk.citations).toEqual([{ uri: 'https://example.org/spec' }]);
    expect(chunk?.type === 'chunk' && chunk.rawChunks).toMatchObject([{ candidates: [candidate] }]);
  });

  it('reads a long stream whose events arrive many to a read', async () => {
    const texts = Array.from({ length: 500 }, (_, index) => `piece ${index} ✓ `);
    fake.setScript({ responses: [{ chunks: texts.map((text, index) => (index === texts.length - 1 ? { text, finishReason: 'STOP' } : { text })) }] });
    const stream = await collectStream(model().stream(request(), new AbortController().signal));
    expect(partsOf(stream).map((part) => part.text).join('')).toBe(texts.join(''));
    expect(stream.at(-1)?.type === 'chunk' && stream.at(-1)).toMatchObject({ finishReason: 'STOP' });
  });

  it('sends contents, system instruction, tools and settings in the wire format', async () => {
    fake.setScript({ responses: [{ chunks: [{ text: 'ok', finishReason: 'STOP' }] }] });
    const contents: ModelRequest['contents'] = [
      { role: 'user', parts: [{ text: 'read a' }] },
      {
        role: 'model',
        parts: [{ functionCall: { id: 'c1', name: 'read_file', args: { file_path: 'a' } }, thoughtSignature: 'sig-x' }],
      },
      { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'read_file', response: { output: 'A' } } }] },
    ];
    const tools = [
      { name: 'read_file', description: 'Reads a file', parametersJsonSchema: { type: 'object', properties: { file_path: { type: 'string' } } } },
    ];
    await collectStream(
      model().stream(
        request({ contents, tools, systemInstruction: 'Be brief.', config: { temperature: 0.2, maxOutputTokens: 100 } }),
        new AbortController().signal,
      ),
    );
    const [received] = fake.requests();
    expect(received?.path).toBe(`/v1beta/models/${DEFAULT_GEMINI_MODEL}:streamGenerateContent`);
    expect(received?.apiKey).toBe(KEY);
    expect(received?.body).toEqual({
      contents,
      systemInstruction: { role: 'user', parts: [{ text: 'Be brief.' }] },
      tools: [{ functionDeclarations: tools }],
      generationConfig: { temperature: 0.2, maxOutputTokens: 100, thinkingConfig: { includeThoughts: true } },
    });
  });

  it('asks no thought summaries from models that cannot think, and honours apiVersion', async () => {
    fake.setScript({ responses: [{ chunks: [{ text: 'ok', finishReason: 'STOP' }] }] });
    const v1 = createGeminiModel({ apiKey: KEY, baseUrl: fake.url, apiVersion: 'v1' });
    await collectStream(v1.stream(request({ model: 'gemini-2.0-flash' }), new AbortController().signal));
    const [received] = fake.requests();
    expect(received?.apiVersion).toBe('v1');
    expect(JSON.stringify(received?.body)).not.toContain('thinkingConfig');
  });

  it('reports its provider, label and token limits', () => {
    const gemini = model();
    expect(gemini.provider).toBe('gemini');
    expect(gemini.label).toBe('Gemini');
    expect(gemini.tokenLimit('gemini-2.5-pro')).toBe(1_048_576);
    expect(gemini.tokenLimit('gemini-3-flash-preview')).toBe(1_048_576);
    expect(gemini.tokenLimit('models/gemini-2.0-flash')).toBe(1_048_576);
    expect(gemini.tokenLimit('some-proxy-model')).toBe(131_072);
  });

  it('fails with auth and no request when the key is empty', async () => {
    const stream = await collectStream(
      createGeminiModel({ apiKey: ' ', baseUrl: fake.url }).stream(request(), new AbortController().signal),
    );
    expect(failureOf(stream)?.kind).toBe('auth');
    expect(failureOf(stream)?.message).toMatch(/API key.*Settings/);
    expect(fake.requests()).toHaveLength(0);
  });
});

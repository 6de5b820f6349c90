// Gemini's URL context tool beside our functions, through the real SDK against the fake server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGemini } from '../../../e2e/fake-gemini/server.mjs';
import type { FakeGemini } from '../../../e2e/fake-gemini/server.mjs';
import type { Content } from '../../shared/content';
import { collectStream, partsOf } from '../testing/collect-stream';
import type { ModelRequest } from '../types';
import { createGeminiModel } from './gemini-model';

let fake: FakeGemini;

beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const toolCall = { id: 'srv-1', toolType: 'URL_CONTEXT', args: { urls: ['https://docs.example/guide'] } };
const toolResponse = { id: 'srv-1', toolType: 'URL_CONTEXT', response: { status: 'URL_RETRIEVAL_STATUS_SUCCESS' } };
const readFile = { name: 'read_file', description: 'Reads a file.', parametersJsonSchema: { type: 'object', properties: { file_path: { type: 'string' } } } };

const history: Content[] = [
  { role: 'user', parts: [{ text: 'Read https://docs.example/guide' }] },
  { role: 'model', parts: [{ toolCall }, { toolResponse }, { text: 'The guide says hi.', thoughtSignature: 'sig==' }] },
  { role: 'user', parts: [{ text: 'Thanks' }] },
];

function request(model: string, overrides: Partial<ModelRequest> = {}): ModelRequest {
  return { model, contents: history, tools: [readFile], ...overrides };
}

interface SentBody {
  contents: { role: string; parts: Record<string, unknown>[] }[];
  tools?: Record<string, unknown>[];
  toolConfig?: Record<string, unknown>;
}

async function sent(urlContext: boolean, req: ModelRequest): Promise<SentBody> {
  fake.setScript({ responses: [{ chunks: [{ text: 'ok', finishReason: 'STOP' }] }] });
  const model = createGeminiModel({ apiKey: 'k', baseUrl: fake.url, urlContext });
  await collectStream(model.stream(req, new AbortController().signal));
  return fake.requests().at(-1)!.body as SentBody;
}

describe("Gemini's URL context tool", () => {
  it('keeps the tool call and response Gemini ran on its servers, exactly as sent', async () => {
    fake.setScript({ responses: [{ chunks: [{ raw: { content: { role: 'model', parts: [{ toolCall }, { toolResponse }, { text: 'Read it.' }] }, finishReason: 'STOP' } }] }] });
    const model = createGeminiModel({ apiKey: 'k', baseUrl: fake.url, urlContext: true });
    const stream = await collectStream(model.stream(request('gemini-3-flash-preview'), new AbortController().signal));
    expect(partsOf(stream)).toEqual([{ toolCall }, { toolResponse }, { text: 'Read it.' }]);
  });

  it('is offered beside the functions on a Gemini 3 model, and what it did goes back whole', async () => {
    const body = await sent(true, request('gemini-3-flash-preview'));
    expect(body.tools).toHaveLength(1);
    expect(body.tools![0]).toMatchObject({ urlContext: {} });
    expect(body.tools![0]!['functionDeclarations']).toHaveLength(1);
    expect(body.toolConfig).toEqual({ includeServerSideToolInvocations: true });
    expect(body.contents[1]!.parts).toEqual([{ toolCall }, { toolResponse }, { text: 'The guide says hi.', thoughtSignature: 'sig==' }]);
  });

  it('is not offered when Settings leave it off, and the parts it left are not sent', async () => {
    const body = await sent(false, request('gemini-3-flash-preview'));
    expect(JSON.stringify(body.tools)).not.toContain('urlContext');
    expect(body.toolConfig).toBeUndefined();
    expect(body.contents[1]!.parts).toEqual([{ text: 'The guide says hi.', thoughtSignature: 'sig==' }]);
  });

  it('is not offered to a model that cannot combine it with function calling (Gemini 2.5)', async () => {
    const body = await sent(true, request('gemini-2.5-flash'));
    expect(JSON.stringify(body)).not.toContain('urlContext');
    expect(JSON.stringify(body)).not.toContain('URL_CONTEXT');
  });

  it('is not offered to a request without functions (a summary), and a turn it alone filled says what it was', async () => {
    const onlyTools: Content[] = [history[0]!, { role: 'model', parts: [{ toolCall }, { toolResponse }] }, history[2]!];
    const body = await sent(true, { model: 'gemini-3-flash-preview', contents: onlyTools });
    expect(body.tools).toBeUndefined();
    expect(body.contents[1]!.parts).toEqual([{ text: '[Gemini read https://docs.example/guide on its own servers (URL context).]' }]);
  });
});

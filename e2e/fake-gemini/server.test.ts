// The fake Gemini server, checked through the real SDK (so its wire format is the real one)
// and through its HTTP control endpoints, the way Playwright tests and benchmarks use it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { GoogleGenAI } from '@google/genai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGemini } from './server.mjs';
import type { FakeGemini, FakeScript, RecordedRequest } from './server.mjs';

let fake: FakeGemini;
const MODEL = 'gemini-2.5-flash';

beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

function sdk(apiVersion?: string): GoogleGenAI {
  return new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: fake.url, ...(apiVersion ? { apiVersion } : {}) } });
}

async function streamText(ai = sdk()): Promise<string[]> {
  const texts: string[] = [];
  const stream = await ai.models.generateContentStream({ model: MODEL, contents: 'hi' });
  for await (const chunk of stream) texts.push(chunk.text ?? '');
  return texts;
}

async function script(body: FakeScript): Promise<Response> {
  return fetch(`${fake.url}/__script`, { method: 'POST', body: JSON.stringify(body) });
}

describe('fake Gemini server', () => {
  it('streams scripted chunks that the SDK parses: text, thoughts, calls, signatures, usage', async () => {
    fake.setScript({
      responses: [
        {
          chunks: [
            { thought: 'Thinking about it' },
            { text: 'Reading ' },
            {
              functionCalls: [{ name: 'read_file', args: { file_path: 'a' } }],
              thoughtSignature: 'sig==',
              finishReason: 'STOP',
              usage: { promptTokenCount: 5, totalTokenCount: 9 },
            },
          ],
        },
      ],
    });
    const chunks = [];
    for await (const chunk of await sdk().models.generateContentStream({ model: MODEL, contents: 'hi' })) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.candidates?.[0]?.content?.parts)).toEqual([
      [{ text: 'Thinking about it', thought: true }],
      [{ text: 'Reading ' }],
      [{ functionCall: { name: 'read_file', args: { file_path: 'a' } }, thoughtSignature: 'sig==' }],
    ]);
    expect(chunks[2]?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(chunks[2]?.usageMetadata).toEqual({ promptTokenCount: 5, totalTokenCount: 9 });
  });

  it('answers generateContent with all chunks folded into one response', async () => {
    fake.setScript({ responses: [{ chunks: [{ text: 'a' }, { text: 'b', finishReason: 'STOP' }] }] });
    const response = await sdk().models.generateContent({ model: MODEL, contents: 'hi' });
    expect(response.text).toBe('ab');
    expect(response.candidates?.[0]?.finishReason).toBe('STOP');
    expect(fake.requests()[0]?.stream).toBe(false);
  });

  it('serves /v1 as well as /v1beta', async () => {
    fake.setScript({ responses: [{ chunks: [{ text: 'v1 ok' }] }] });
    expect(await streamText(sdk('v1'))).toEqual(['v1 ok']);
    expect(fake.requests()[0]).toMatchObject({ apiVersion: 'v1', model: MODEL, path: `/v1/models/${MODEL}:streamGenerateContent` });
  });

  it('says when the script is exhausted', async () => {
    expect(await streamText()).toEqual(['(fake server: script exhausted)']);
  });

  it('expands repeats and answers from the fallback once the queue is empty', async () => {
    const call = { chunks: [{ functionCalls: [{ name: 'read_file', args: { file_path: 'x' } }], finishReason: 'STOP' }] };
    await script({ responses: [{ repeat: 3, response: call }, { chunks: [{ text: 'done' }] }], fallback: { chunks: [{ text: 'again' }] } });
    const names = [];
    for (let index = 0; index < 3; index += 1) {
      const stream = await sdk().models.generateContentStream({ model: MODEL, contents: 'hi' });
      for await (const chunk of stream) names.push(chunk.functionCalls?.[0]?.name);
    }
    expect(names).toEqual(['read_file', 'read_file', 'read_file']);
    expect(await streamText()).toEqual(['done']);
    expect(await streamText()).toEqual(['again']);
    expect(await streamText()).toEqual(['again']);
  });

  it('replaces {{n}} in a scripted response with the request number', async () => {
    const read = { chunks: [{ functionCalls: [{ name: 'read_file', args: { file_path: 'file-{{n}}.txt' } }] }] };
    fake.setScript({ responses: [{ repeat: 2, response: read }] });
    const paths = [];
    for (let index = 0; index < 2; index += 1) {
      for await (const chunk of await sdk().models.generateContentStream({ model: MODEL, contents: 'hi' })) {
        paths.push(chunk.functionCalls?.[0]?.args?.['file_path']);
      }
    }
    expect(paths).toEqual(['file-1.txt', 'file-2.txt']);
  });

  it('records requests with their body and key, and forgets them on reset', async () => {
    await script({ responses: [{ chunks: [{ text: 'x' }] }] });
    await streamText();
    const recorded = (await (await fetch(`${fake.url}/__requests`)).json()) as RecordedRequest[];
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ apiKey: 'test-key', stream: true, body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] } });
    await fetch(`${fake.url}/__reset`, { method: 'POST' });
    expect(await (await fetch(`${fake.url}/__requests`)).json()).toEqual([]);
  });

  it('answers CORS preflights and marks every response cross-origin readable', async () => {
    const preflight = await fetch(`${fake.url}/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-goog-api-key' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    for (const header of ['x-goog-api-key', 'content-type', 'x-goog-api-client', 'user-agent']) {
      expect(preflight.headers.get('access-control-allow-headers')).toContain(header);
    }
    fake.setScript({ responses: [{ status: 429, headers: { 'Retry-After': '3' } }] });
    const limited = await fetch(`${fake.url}/v1beta/models/${MODEL}:generateContent`, { method: 'POST', body: '{}' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(limited.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(await limited.json()).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } });
  });

  it('sends Gemini error JSON that the SDK surfaces as ApiError with the status', async () => {
    fake.setScript({ responses: [{ status: 401 }] });
    await expect(streamText()).rejects.toMatchObject({ name: 'ApiError', status: 401, message: expect.stringContaining('API key not valid') as string });
  });

  it('rejects a wrong key like Gemini when a key is required', async () => {
    const strict = await startFakeGemini({ requireApiKey: 'right-key' });
    try {
      const ai = new GoogleGenAI({ apiKey: 'wrong-key', httpOptions: { baseUrl: strict.url } });
      await expect(ai.models.generateContent({ model: MODEL, contents: 'hi' })).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('API_KEY_INVALID') as string,
      });
    } finally {
      await strict.close();
    }
  });

  it('answers unknown routes with a Gemini-style 404', async () => {
    const response = await fetch(`${fake.url}/v1beta/models`, { method: 'GET' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
  });

  it('runs as a CLI that prints its URL', async () => {
    const child = spawn(process.execPath, [fileURLToPath(new URL('./server.mjs', import.meta.url)), '--port', '0']);
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()));
        child.once('error', reject);
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await (await fetch(url)).json()).toMatchObject({ fake: 'gemini' });
    } finally {
      child.kill('SIGTERM');
    }
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { LanguageModel, ModelStreamPart } from '../../model/types';
import { createGeminiModel } from '../../model/gemini/gemini-model';
import { createModelFor } from './model-factory';
import { TEST_SETTINGS } from '../testing/controller-harness';

async function firstPart(model: LanguageModel): Promise<ModelStreamPart | undefined> {
  const request = { model: 'gemini-2.5-flash', contents: [{ role: 'user' as const, parts: [{ text: 'hi' }] }], tools: [] };
  for await (const part of model.stream(request, new AbortController().signal)) return part;
  return undefined;
}

describe('Gemini without a key', () => {
  it('says the same thing whether the worker or the adapter notices the missing key', async () => {
    const fromWorker = await firstPart(createModelFor({ ...TEST_SETTINGS, provider: 'gemini', apiKey: '  ' }));
    const fromAdapter = await firstPart(createGeminiModel({ apiKey: '' }));
    expect(fromWorker).toEqual({ type: 'error', error: { kind: 'auth', message: expect.stringContaining('No Gemini API key is set.') } });
    expect(fromAdapter).toEqual(fromWorker);
  });
});

describe("a model's context window", () => {
  const openai = { ...TEST_SETTINGS, provider: 'openai' as const, openaiBaseUrl: 'http://localhost:11434/v1', openaiModel: 'm' };

  it("comes from the table for a known OpenAI-compatible model, else from Settings' window, else 32K", () => {
    expect(createModelFor(openai).tokenLimit('gpt-4o')).toBe(128_000);
    expect(createModelFor({ ...openai, unknownModelContextWindow: 8192 }).tokenLimit('gpt-4o')).toBe(128_000);
    expect(createModelFor({ ...openai, unknownModelContextWindow: 8192 }).tokenLimit('my-local-model')).toBe(8192);
    expect(createModelFor(openai).tokenLimit('my-local-model')).toBe(32_768);
  });

  it("uses Settings' window for an unknown Gemini model, and ignores a window that is not a positive whole number", () => {
    const gemini = { ...TEST_SETTINGS, provider: 'gemini' as const, apiKey: 'k' };
    expect(createModelFor({ ...gemini, unknownModelContextWindow: 200_000 }).tokenLimit('proxy-model')).toBe(200_000);
    expect(createModelFor({ ...gemini, unknownModelContextWindow: 200_000 }).tokenLimit('gemini-2.5-pro')).toBe(1_048_576);
    expect(createModelFor({ ...gemini, unknownModelContextWindow: -5 }).tokenLimit('proxy-model')).toBe(131_072);
  });
});

describe('an API base URL over plain http', () => {
  const openai = { ...TEST_SETTINGS, provider: 'openai' as const, openaiModel: 'm' };
  const gemini = { ...TEST_SETTINGS, provider: 'gemini' as const, apiKey: 'k' };

  it('to another computer sends nothing (key and conversation would cross the network readable), naming the rule', async () => {
    const rule = 'Plain http is allowed only to this computer (localhost, 127.0.0.1, [::1]); use https:// for 192.168.1.5:11434.';
    expect(await firstPart(createModelFor({ ...openai, openaiBaseUrl: 'http://192.168.1.5:11434/v1' }))).toEqual({
      type: 'error',
      error: { kind: 'bad-request', message: expect.stringContaining(rule) },
    });
    expect(await firstPart(createModelFor({ ...gemini, baseUrl: 'http://192.168.1.5:11434' }))).toEqual({ type: 'error', error: { kind: 'auth', message: expect.stringContaining(rule) } });
  });

  it('to [::1] is requested as localhost (the CSP cannot name [::1]); to localhost as given', async () => {
    const asked: string[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      asked.push(input instanceof Request ? input.url : String(input));
      throw new TypeError('fetch failed');
    });
    try {
      await firstPart(createModelFor({ ...openai, openaiBaseUrl: 'http://[::1]:11434/v1' }));
      await firstPart(createModelFor({ ...gemini, baseUrl: 'http://[::1]:8080' }));
    } finally {
      spy.mockRestore();
    }
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.some((url) => url.startsWith('http://localhost:11434/v1/'))).toBe(true);
    expect(asked.some((url) => url.startsWith('http://localhost:8080/'))).toBe(true);
    expect(asked.filter((url) => url.includes('[::1]'))).toEqual([]);
  });
});

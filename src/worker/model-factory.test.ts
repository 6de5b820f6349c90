import { describe, expect, it } from 'vitest';
import type { LanguageModel, ModelStreamPart } from '../model/types';
import { createGeminiModel } from '../model/gemini/gemini-model';
import { createModelFor } from './model-factory';
import { TEST_SETTINGS } from './testing/controller-harness';

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

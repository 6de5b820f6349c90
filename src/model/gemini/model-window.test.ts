// The models endpoint's inputTokenLimit through the real SDK, against the fake Gemini server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGemini } from '../../../e2e/fake-gemini/server.mjs';
import type { FakeGemini } from '../../../e2e/fake-gemini/server.mjs';
import { createGeminiModel } from './gemini-model';

let fake: FakeGemini;

beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

describe("Gemini's context window", () => {
  it("is the models endpoint's inputTokenLimit once asked, asked once per model", async () => {
    fake.setScript({ models: { 'gemini-2.5-flash': { inputTokenLimit: 500_000 } } });
    const model = createGeminiModel({ apiKey: 'k', baseUrl: fake.url });
    expect(model.tokenLimit('gemini-2.5-flash')).toBe(1_048_576); // the table, until the endpoint answered
    expect(await model.lookUpTokenLimit?.('gemini-2.5-flash')).toBe(500_000);
    expect(await model.lookUpTokenLimit?.('models/gemini-2.5-flash')).toBe(500_000);
    expect(model.tokenLimit('gemini-2.5-flash')).toBe(500_000);
    expect(fake.modelLookups()).toEqual(['gemini-2.5-flash']);
    expect(fake.requests()).toEqual([]);
  });

  it('falls back to the table, then to Settings, when the endpoint does not say', async () => {
    fake.setScript({ models: { 'gemini-2.0-flash': { status: 404 }, 'my-proxy-model': { status: 404 } } });
    const model = createGeminiModel({ apiKey: 'k', baseUrl: fake.url, unknownModelTokenLimit: 8192 });
    expect(await model.lookUpTokenLimit?.('gemini-2.0-flash')).toBeNull();
    expect(await model.lookUpTokenLimit?.('my-proxy-model')).toBeNull();
    expect(model.tokenLimit('gemini-2.0-flash')).toBe(1_048_576);
    expect(model.tokenLimit('my-proxy-model')).toBe(8192);
    expect(createGeminiModel({ apiKey: 'k', baseUrl: fake.url }).tokenLimit('my-proxy-model')).toBe(131_072);
    // A 404 is an answer: not asked again.
    await model.lookUpTokenLimit?.('my-proxy-model');
    expect(fake.modelLookups()).toEqual(['gemini-2.0-flash', 'my-proxy-model']);
  });

  it('is asked again after the endpoint could not be reached', async () => {
    const closed = await startFakeGemini();
    const url = closed.url;
    await closed.close();
    const model = createGeminiModel({ apiKey: 'k', baseUrl: url });
    expect(await model.lookUpTokenLimit?.('gemini-2.5-flash')).toBeNull();
    expect(model.tokenLimit('gemini-2.5-flash')).toBe(1_048_576);
  });

  it('is not asked without a key', async () => {
    const model = createGeminiModel({ apiKey: ' ', baseUrl: fake.url });
    expect(await model.lookUpTokenLimit?.('gemini-2.5-flash')).toBeNull();
    expect(fake.modelLookups()).toEqual([]);
  });
});

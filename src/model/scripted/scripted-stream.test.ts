// How the scripted model streams: small chunks, STOP, usage, no ids, abort, help text.
import { describe, expect, it } from 'vitest';
import type { Content } from '../../shared/content';
import { visibleText } from '../../shared/content';
import { collectStream, failureOf, partsOf } from '../testing/collect-stream';
import type { ModelRequest } from '../types';
import { createScriptedModel, LESSONS, splitIntoChunks } from './scripted-model';

function request(text: string, extra: Partial<ModelRequest> = {}): ModelRequest {
  return { model: 'scripted', contents: [{ role: 'user', parts: [{ text }] }], ...extra };
}

describe('scripted model streaming', () => {
  it('identifies itself as the scripted demo', () => {
    const model = createScriptedModel();
    expect(model.provider).toBe('scripted');
    expect(model.label).toBe('Scripted demo');
    expect(model.tokenLimit('scripted')).toBeGreaterThan(0);
  });

  it('streams text in several small chunks and ends with STOP and usage', async () => {
    const stream = await collectStream(createScriptedModel({ delayMs: 0 }).stream(request('hello'), new AbortController().signal));
    expect(stream.length).toBeGreaterThan(5);
    const last = stream.at(-1);
    expect(last?.type === 'chunk' && last.finishReason).toBe('STOP');
    expect(last?.type === 'chunk' && last.usage?.promptTokenCount).toBeGreaterThan(0);
    expect(stream.slice(0, -1).every((part) => part.type === 'chunk' && part.finishReason === undefined)).toBe(true);
  });

  it('answers an unmatched message with the lessons and how to use Gemini', async () => {
    const stream = await collectStream(createScriptedModel({ delayMs: 0 }).stream(request('hello'), new AbortController().signal));
    const text = visibleText({ role: 'model', parts: partsOf(stream) });
    expect(text).toContain('Scripted demo');
    for (const lesson of LESSONS) expect(text).toContain(`Send "${lesson.prompt}"`);
    expect(text).toMatch(/Settings.*Provider.*Gemini.*API key/);
  });

  it('sends thoughts as thought parts and function calls without ids', async () => {
    const stream = await collectStream(
      createScriptedModel({ delayMs: 0 }).stream(request('Build a small web page'), new AbortController().signal),
    );
    const parts = partsOf(stream);
    expect(parts[0]?.thought).toBe(true);
    const calls = parts.flatMap((part) => (part.functionCall ? [part.functionCall] : []));
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call).not.toHaveProperty('id');
  });

  it('paces chunks with the injected delay', async () => {
    const started = performance.now();
    const stream = await collectStream(createScriptedModel({ delayMs: 5 }).stream(request('hello'), new AbortController().signal));
    expect(performance.now() - started).toBeGreaterThanOrEqual((stream.length - 1) * 4);
  });

  it('ends with an aborted failure when the caller aborts mid-stream', async () => {
    const controller = new AbortController();
    const seen = [];
    for await (const part of createScriptedModel({ delayMs: 1 }).stream(request('hello'), controller.signal)) {
      seen.push(part);
      if (seen.length === 2) controller.abort();
    }
    expect(seen).toHaveLength(3);
    expect(failureOf(seen)?.kind).toBe('aborted');
  });

  it('says the user speaks next when asked for JSON', async () => {
    const stream = await collectStream(
      createScriptedModel({ delayMs: 0 }).stream(
        request('Who speaks next?', { config: { responseMimeType: 'application/json' } }),
        new AbortController().signal,
      ),
    );
    const text = visibleText({ role: 'model', parts: partsOf(stream) });
    expect(JSON.parse(text)).toMatchObject({ next_speaker: 'user' });
  });

  it('uses injected lessons', async () => {
    const lessons = [
      { id: 'hi', title: 'Say hi', prompt: 'Say hi', description: 'Says hi.', keywords: ['hi'], steps: [{ text: 'Hi there!' }] },
    ];
    const contents: Content[] = [{ role: 'user', parts: [{ text: 'say hi please' }] }];
    const stream = await collectStream(
      createScriptedModel({ lessons, delayMs: 0 }).stream({ model: 'x', contents }, new AbortController().signal),
    );
    expect(visibleText({ role: 'model', parts: partsOf(stream) })).toBe('Hi there!');
  });

  it('splits text so that the pieces join back exactly', () => {
    const text = 'One two  three\nfour five six seven eight nine';
    const chunks = splitIntoChunks(text, 2);
    expect(chunks.join('')).toBe(text);
    expect(chunks.length).toBeGreaterThan(3);
  });

  it('exports lesson metadata for the UI', () => {
    expect(LESSONS.map((lesson) => lesson.title)).toEqual(['Build a small web page', 'Fix a bug with an edit']);
    for (const lesson of LESSONS) expect(Object.keys(lesson).sort()).toEqual(['description', 'id', 'prompt', 'title']);
  });
});

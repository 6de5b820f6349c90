// A model that takes no images: its 400 about them, on the wire through each real SDK, becomes a
// message that says so and what to do (the images stay in the history); the same words without
// images in the request stay a plain refusal. The OpenAI adapter sends the person's image as an
// image_url data URL after the text, and neither adapter sends the file's name.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGemini } from '../../e2e/fake-gemini/server.mjs';
import type { FakeGemini } from '../../e2e/fake-gemini/server.mjs';
import { startFakeOpenAi } from '../../e2e/fake-openai/server.mjs';
import type { FakeOpenAi } from '../../e2e/fake-openai/server.mjs';
import type { Content } from '../shared/content';
import { promptImageParts } from '../shared/prompt-images';
import { createGeminiModel } from './gemini/gemini-model';
import { createOpenAiModel } from './openai/openai-model';
import { collectStream, failureOf } from './testing/collect-stream';

let gemini: FakeGemini;
let openAi: FakeOpenAi;
beforeAll(async () => {
  [gemini, openAi] = await Promise.all([startFakeGemini(), startFakeOpenAi()]);
});
afterAll(async () => {
  await Promise.all([gemini.close(), openAi.close()]);
});
beforeEach(() => {
  gemini.reset();
  openAi.reset();
});

const withImage: Content[] = [{ role: 'user', parts: [{ text: 'what is this?' }, ...promptImageParts([{ name: 'shot.png', mimeType: 'image/png', data: 'iVBORw0KGgo=' }])] }];
const textOnly: Content[] = [{ role: 'user', parts: [{ text: 'describe image handling' }] }];

function geminiRun(contents: Content[], message: string) {
  gemini.setScript({ responses: [{ status: 400, body: { error: { code: 400, message, status: 'INVALID_ARGUMENT' } } }] });
  const model = createGeminiModel({ apiKey: 'key', baseUrl: gemini.url });
  return collectStream(model.stream({ model: 'gemini-text-only', contents }, new AbortController().signal));
}

function openAiRun(contents: Content[], message: string) {
  openAi.setScript({ responses: [{ status: 400, body: { error: { message, type: 'invalid_request_error' } } }] });
  const model = createOpenAiModel({ apiKey: '', baseUrl: openAi.baseUrl });
  return collectStream(model.stream({ model: 'llama3.1', contents }, new AbortController().signal));
}

describe('a model that refuses images', () => {
  it('Gemini: a 400 about the image says the model may not read images and how to go on', async () => {
    const failure = failureOf(await geminiRun(withImage, 'Unable to process input image. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'));
    expect(failure).toMatchObject({ kind: 'bad-request', status: 400 });
    expect(failure?.message).toMatch(/^Gemini refused the images in this conversation \(HTTP 400: Unable to process input image/);
    expect(failure?.message).toContain('the model "gemini-text-only" may not read images');
    expect(failure?.message).toContain('pick a model that reads images in Settings');
    // Sent as the part it is, without the file's name.
    const sent = (gemini.requests()[0]?.body as { contents: { parts: unknown[] }[] }).contents[0]!.parts;
    expect(sent).toEqual([{ text: 'what is this?' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }]);
  });

  it('OpenAI-compatible: the image goes as an image_url data URL, and a 400 about it says the model may not read images', async () => {
    const failure = failureOf(await openAiRun(withImage, 'Invalid content type. image_url is only supported by certain models.'));
    expect(failure?.message).toMatch(/^The OpenAI-compatible server refused the images in this conversation \(HTTP 400/);
    const body = openAi.requests()[0]?.body as { messages: { role: string; content: unknown }[] };
    expect(body.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'what is this?' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
      ],
    });
  });

  it('the same words about images, with no image in the request, stay a plain refusal', async () => {
    const failure = failureOf(await geminiRun(textOnly, 'Unable to process input image.'));
    expect(failure).toMatchObject({ kind: 'bad-request', status: 400 });
    expect(failure?.message).toMatch(/^Gemini rejected the request/);
  });
});

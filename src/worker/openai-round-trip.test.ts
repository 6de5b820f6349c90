/**
 * The OpenAI-compatible provider through the whole worker stack in Node: the settings pick the
 * adapter (model-factory), the real agent, tools, offline sandbox and IndexedDB (fake-indexeddb)
 * run two parallel calls whose arguments arrive in pieces, one after approval, and the next
 * request answers each call in a `tool` message under the id the server gave it (spec A6).
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../e2e/fake-openai/server.mjs';
import type { FakeOpenAi } from '../../e2e/fake-openai/server.mjs';
import { createModelFor } from './session/model-factory';
import type { ClientRequest, WorkerSettings } from './protocol';
import { createControllerHarness } from './testing/controller-harness';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ requireApiKey: 'sk-local' });
});
afterAll(async () => {
  await fake.close();
});

function harness(settings: WorkerSettings) {
  const built = createControllerHarness({
    databaseName: `openai-round-trip-${Math.random()}`,
    model: createModelFor(settings),
    makeModel: (next) => createModelFor(next),
    settings,
  });
  return { ...built, send: (request: ClientRequest) => built.send(request).then(() => undefined) };
}

async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 2000 && !condition(); turn++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('condition never held');
}

describe('OpenAI-compatible provider through the worker', () => {
  it('answers each of two parallel calls under the id the server gave it', async () => {
    const settings: WorkerSettings = {
      provider: 'openai',
      openaiBaseUrl: fake.baseUrl,
      openaiModel: 'qwen2.5-coder',
      openaiApiKey: 'sk-local',
      model: 'gemini-2.5-flash',
      baseUrl: '',
      approvalMode: 'ask',
      stepThrough: false,
      loopHeuristics: false,
      nextSpeakerCheck: false,
    };
    fake.setScript({
      responses: [
        {
          chunks: [
            { toolCalls: [{ index: 0, id: 'call_write', name: 'write_file', arguments: '{"file_path": "note.txt", ' }] },
            { toolCalls: [{ index: 1, id: 'call_list', name: 'list_directory', arguments: '{"dir_' }] },
            { toolCalls: [{ index: 0, arguments: '"content": "from the model"}' }] },
            { toolCalls: [{ index: 1, arguments: 'path": "."}' }] },
          ],
          usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
        },
        { chunks: [{ text: 'Wrote note.txt.' }] },
      ],
    });
    const h = harness(settings);
    await h.send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    await until(() => h.events.some((event) => event.type === 'session-loaded'));
    await h.send({ type: 'send', sessionId: null, text: 'write a note' });
    await until(() => h.calls().some((call) => call.status === 'awaiting_approval'));
    const waiting = h.calls().find((call) => call.status === 'awaiting_approval')!;
    expect(waiting.callId).toBe('call_write');
    await h.send({ type: 'approval-response', callId: waiting.callId, outcome: 'proceed_once' });
    await h.controller.idle();

    const requests = fake.requests();
    expect(requests).toHaveLength(2);
    expect(requests[0]!.body.model).toBe('qwen2.5-coder');
    const messages = requests[1]!.body.messages;
    const assistant = messages.find((message) => message.role === 'assistant');
    expect(assistant?.tool_calls?.map((call) => [call.id, call.function.name, JSON.parse(call.function.arguments)])).toEqual([
      ['call_write', 'write_file', { file_path: 'note.txt', content: 'from the model' }],
      ['call_list', 'list_directory', { dir_path: '.' }],
    ]);
    const tools = messages.filter((message) => message.role === 'tool');
    expect(tools.map((message) => message.tool_call_id)).toEqual(['call_write', 'call_list']);
    expect(String(tools[0]!.content)).not.toMatch(/^Error/);
    expect(messages.indexOf(tools[0]!)).toBe(messages.indexOf(assistant!) + 1);
    const ends = h.events.flatMap((event) => (event.type === 'agent-event' && event.event.type === 'interaction_end' ? [event.event.value.outcome] : []));
    expect(ends).toEqual(['completed']);
  });
});

/**
 * A subagent on the OpenAI-compatible provider, through the whole worker stack in Node: the
 * `task` call's nested loop asks the same server with its own messages (the prompt alone, its own
 * system message and tools), and the parent's next request answers the task call with the
 * subagent's final text.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../e2e/fake-openai/server.mjs';
import type { FakeOpenAi } from '../../e2e/fake-openai/server.mjs';
import { createModelFor } from './session/model-factory';
import type { WorkerSettings } from './protocol';
import { createControllerHarness } from './testing/controller-harness';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ requireApiKey: 'sk-local' });
});
afterAll(async () => {
  await fake.close();
});

describe('a subagent on the OpenAI-compatible provider', () => {
  it('asks the same server with its own messages and answers the task call with its final text', async () => {
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
        { chunks: [{ toolCalls: [{ index: 0, id: 'call_task', name: 'task', arguments: '{"description": "Look around", "prompt": "List the workspace."}' }] }] },
        { chunks: [{ toolCalls: [{ index: 0, id: 'call_list', name: 'list_directory', arguments: '{"dir_path": "."}' }] }] },
        { chunks: [{ text: 'The workspace is empty.' }] },
        { chunks: [{ text: 'It is empty.' }] },
      ],
    });
    const h = createControllerHarness({ databaseName: `openai-subagent-${Math.random()}`, model: createModelFor(settings), makeModel: (next) => createModelFor(next), settings });
    await h.send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    await h.send({ type: 'send', sessionId: null, text: 'what is there?' });
    await h.controller.idle();

    const requests = fake.requests();
    expect(requests).toHaveLength(4);
    const nested = requests[1]!.body;
    expect(nested.model).toBe('qwen2.5-coder');
    expect(nested.messages.filter((message) => message.role === 'user').map((message) => message.content)).toEqual(['List the workspace.']);
    expect(String(nested.messages.find((message) => message.role === 'system')?.content)).toContain('subagent that the main agent started for one task: "Look around"');
    expect(nested.tools?.map((tool) => tool.function.name).sort()).toEqual(['glob', 'grep_search', 'list_directory', 'read_file']);
    const last = requests[3]!.body.messages;
    expect(last.filter((message) => message.role === 'tool').map((message) => [message.tool_call_id, message.content])).toEqual([['call_task', 'The workspace is empty.']]);
    expect(h.calls().findLast((call) => call.name === 'task')?.subagent?.outcome).toBe('completed');
  });
});

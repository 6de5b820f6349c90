import { describe, expect, it } from 'vitest';
import { CONTINUE_PROMPT } from './next-speaker';
import { FC, reply } from './testing/fake-model';
import { createHarness, texts, waitUntil } from './testing/harness';

const toolScript = () => [reply(FC('read_file', { file_path: 'a' }), 'STOP'), reply('ok', 'STOP')];

/** J5: a reply, the check says the model goes on, the next reply, the check says the person speaks. */
const goesOnOnce = () => [
  reply('Next, I will read the file', 'STOP'),
  reply('{"reasoning":"r","next_speaker":"model"}', 'STOP'),
  reply('done', 'STOP'),
  reply('{"reasoning":"r","next_speaker":"user"}', 'STOP'),
];

describe('J. hooks, continuations and turn limits', () => {
  it('J1 BeforeAgent stop: no model call, the prompt is still stored', async () => {
    const h = createHarness({ hooks: { beforeAgent: async () => ({ decision: 'stop', reason: 'not now' }) } });
    expect(await h.run('q')).toBe('stopped');
    expect(h.model.requests).toHaveLength(0);
    expect(h.store.history()).toEqual([{ role: 'user', parts: [{ text: 'q' }] }]);
    expect(h.ofType('agent_execution_stopped')[0]!.value.reason).toBe('not now');
  });

  it('J1 F4 a prompt stored by a BeforeAgent stop gets the same repairs as any prompt', async () => {
    const call = { functionCall: { id: 'c1', name: 'read_file', args: { file_path: 'a' } } };
    const result = { functionResponse: { id: 'c1', name: 'read_file', response: { output: 'A' } } };
    const h = createHarness({
      initialHistory: [{ role: 'user', parts: [{ text: 'read a' }] }, { role: 'model', parts: [call] }, { role: 'user', parts: [result] }],
      hooks: { beforeAgent: async () => ({ decision: 'stop', reason: 'quota' }) },
    });
    expect(await h.run('q')).toBe('stopped');
    expect(h.store.history().map((content) => content.role)).toEqual(['user', 'model', 'user', 'model', 'user']);
    expect(h.store.history().at(-1)).toEqual({ role: 'user', parts: [{ text: 'q' }] });
    h.expectHealthy();
  });

  it('J1 BeforeAgent block: no model call', async () => {
    const h = createHarness({ hooks: { beforeAgent: async () => ({ decision: 'block', reason: 'no' }) } });
    expect(await h.run('q')).toBe('stopped');
    expect(h.model.requests).toHaveLength(0);
    expect(h.ofType('agent_execution_blocked')).toHaveLength(1);
  });

  it('J1 BeforeAgent context is added to the prompt as <hook_context>', async () => {
    const h = createHarness({ script: [reply('ok', 'STOP')], hooks: { beforeAgent: async () => ({ additionalContext: 'X' }) } });
    await h.run('q');
    expect(texts(h.model.requests[0]!.contents.at(-1))).toEqual(['q', '<hook_context>X</hook_context>']);
  });

  it('J1 BeforeAgent fires once per prompt, not per round trip', async () => {
    let calls = 0;
    const h = createHarness({ script: toolScript(), hooks: { beforeAgent: async () => { calls++; } } });
    await h.run('q');
    expect(calls).toBe(1);
  });

  it('J2 AfterAgent block: its reason becomes the next prompt', async () => {
    let fired = 0;
    const h = createHarness({
      script: [reply('first', 'STOP'), reply('second', 'STOP')],
      hooks: { afterAgent: async () => (fired++ === 0 ? { decision: 'block', reason: 'Also add tests.' } : undefined) },
    });
    expect(await h.run('q')).toBe('completed');
    expect(texts(h.model.requests[1]!.contents.at(-1))).toEqual(['Also add tests.']);
    expect(h.ofType('agent_execution_blocked')).toHaveLength(1);
    h.expectHealthy();
  });

  it('J2 a block\'s prompt passes BeforeAgent again, and AfterAgent then knows it is already continuing', async () => {
    const prompts: string[] = [];
    const active: boolean[] = [];
    const h = createHarness({
      script: [reply('first', 'STOP'), reply('second', 'STOP')],
      hooks: {
        beforeAgent: async ({ parts }) => {
          prompts.push(String(parts[0]!.text));
          return { additionalContext: 'repo rules' };
        },
        afterAgent: async ({ stopHookActive }) => {
          active.push(stopHookActive);
          return stopHookActive ? undefined : { decision: 'block', reason: 'Also add tests.' };
        },
      },
    });
    expect(await h.run('q')).toBe('completed');
    expect(prompts).toEqual(['q', 'Also add tests.']);
    expect(active).toEqual([false, true]);
    expect(texts(h.model.requests[1]!.contents.at(-1))).toEqual(['Also add tests.', '<hook_context>repo rules</hook_context>']);
    h.expectHealthy();
  });

  it('J2 AfterAgent stop ends the interaction as stopped', async () => {
    const h = createHarness({ script: [reply('done', 'STOP')], hooks: { afterAgent: async () => ({ decision: 'stop', reason: 'enough' }) } });
    expect(await h.run('q')).toBe('stopped');
  });

  it('J3 a Stop hook that always continues is bounded to 3 continuations', async () => {
    const h = createHarness({
      script: Array.from({ length: 4 }, () => reply('done', 'STOP')),
      hooks: { afterAgent: async () => ({ continue: true, additionalContext: 'keep going' }) },
    });
    expect(await h.run('q')).toBe('completed');
    expect(h.model.requests).toHaveLength(4);
    expect(texts(h.model.requests[1]!.contents.at(-1))).toEqual(['<hook_context>keep going</hook_context>']);
    for (const commit of h.store.commits) expect(JSON.stringify(commit)).not.toContain('keep going');
    // Each continuation is a new answer: kept apart as paragraphs, not glued into "donedone…".
    expect(h.agent.history()).toEqual([
      { role: 'user', parts: [{ text: 'q' }] },
      { role: 'model', parts: [{ text: 'done\n\ndone\n\ndone\n\ndone' }] },
    ]);
    h.expectHealthy();
  });

  it('J3 continue without context is ignored', async () => {
    const h = createHarness({ script: [reply('done', 'STOP')], hooks: { afterAgent: async () => ({ continue: true }) } });
    await h.run('q');
    expect(h.model.requests).toHaveLength(1);
  });

  it('J4 BeforeModel block with a synthetic response: no model call', async () => {
    const h = createHarness({ hooks: { beforeModel: async () => ({ decision: 'block', syntheticResponse: [{ text: 'cached' }] }) } });
    expect(await h.run('q')).toBe('completed');
    expect(h.model.requests).toHaveLength(0);
    expect(h.types().filter((type) => ['agent_execution_blocked', 'content', 'finished'].includes(type))).toEqual([
      'agent_execution_blocked', 'content', 'finished',
    ]);
    expect(h.agent.history().at(-1)).toEqual({ role: 'model', parts: [{ text: 'cached' }] });
  });

  it('J4 BeforeModel stop emits agent_execution_stopped', async () => {
    const h = createHarness({ hooks: { beforeModel: async () => ({ decision: 'stop', reason: 'quota' }) } });
    expect(await h.run('q')).toBe('stopped');
    expect(h.ofType('agent_execution_stopped')[0]!.value.reason).toBe('quota');
  });

  it('J4 AfterModel can replace a response', async () => {
    const h = createHarness({ script: [reply('raw', 'STOP')], hooks: { afterModel: async () => ({ decision: 'block', syntheticResponse: [{ text: 'redacted' }] }) } });
    await h.run('q');
    expect(h.agent.history().at(-1)).toEqual({ role: 'model', parts: [{ text: 'redacted' }] });
  });

  it('J4 AfterModel sees each chunk before it is shown and can block mid-stream: the rest is never read', async () => {
    const seen: string[] = [];
    const h = createHarness({
      script: [reply('safe ', 'secret ', 'more', 'STOP')],
      hooks: {
        afterModel: async ({ parts }) => {
          seen.push(parts.map((part) => part.text).join(''));
          return parts.some((part) => part.text?.includes('secret')) ? { decision: 'block', reason: 'Redacted.', syntheticResponse: [{ text: '[redacted]' }] } : undefined;
        },
      },
    });
    expect(await h.run('q')).toBe('completed');
    expect(seen).toEqual(['safe ', 'secret ']);
    expect(h.ofType('content').map((event) => event.value)).toEqual(['safe ', '[redacted]']);
    expect(h.ofType('agent_execution_blocked')[0]!.value).toEqual({ reason: 'Redacted.', replacesResponse: true });
    expect(h.agent.history().at(-1)).toEqual({ role: 'model', parts: [{ text: '[redacted]' }] });
    expect(h.store.roundTrips).toHaveLength(1);
    h.expectHealthy();
  });

  it('J4 A10 Stop while AfterModel runs: that chunk is never shown, the turn is cancelled', async () => {
    const controller = new AbortController();
    const h = createHarness({
      script: [reply('a', 'b', 'STOP')],
      hooks: { afterModel: ({ signal }) => new Promise((resolve) => signal.addEventListener('abort', () => resolve(undefined))) },
    });
    const running = h.run('q', controller.signal);
    await waitUntil(() => h.model.requests.length === 1);
    controller.abort();
    expect(await running).toBe('cancelled');
    expect(h.ofType('content')).toEqual([]);
    expect(h.ofType('user_cancelled')).toHaveLength(1);
    h.expectHealthy();
  });

  it('J4 AfterModel can transform a chunk; the stored turn holds what was shown', async () => {
    const h = createHarness({
      script: [reply('hello ', 'world', 'STOP')],
      hooks: { afterModel: async ({ parts }) => ({ modifiedParts: parts.map((part) => (part.text ? { text: part.text.toUpperCase() } : part)) }) },
    });
    await h.run('q');
    expect(h.ofType('content').map((event) => event.value)).toEqual(['HELLO ', 'WORLD']);
    expect(h.agent.history().at(-1)).toEqual({ role: 'model', parts: [{ text: 'HELLO WORLD' }] });
  });

  it('J4 AfterModel stop ends the turn at that chunk, storing nothing of it', async () => {
    const h = createHarness({ script: [reply('a', 'b', 'STOP')], hooks: { afterModel: async () => ({ decision: 'stop', reason: 'budget' }) } });
    expect(await h.run('q')).toBe('stopped');
    expect(h.ofType('agent_execution_stopped')[0]!.value.reason).toBe('budget');
    expect(h.ofType('content')).toEqual([]);
    expect(h.agent.history()).toEqual([{ role: 'user', parts: [{ text: 'q' }] }]);
    h.expectHealthy();
  });

  it('J4 BeforeModel can change the model, config and contents of one request, never the stored history', async () => {
    const h = createHarness({
      script: [reply('ok', 'STOP')],
      hooks: {
        beforeModel: async ({ request }) => ({
          modifiedRequest: {
            model: 'model-b',
            config: { temperature: 0 },
            contents: [...request.contents, { role: 'user', parts: [{ text: 'Answer briefly.' }] }],
          },
        }),
      },
    });
    await h.run('q');
    const [sent] = h.model.requests;
    expect(sent!.model).toBe('model-b');
    expect(sent!.config).toEqual({ temperature: 0 });
    // The added user text is coalesced with the prompt (F3): the hook cannot break INVARIANT(P).
    expect(sent!.contents).toEqual([{ role: 'user', parts: [{ text: 'q' }, { text: 'Answer briefly.' }] }]);
    expect(h.store.history()).toEqual([{ role: 'user', parts: [{ text: 'q' }] }, { role: 'model', parts: [{ text: 'ok' }] }]);
    h.expectHealthy();
  });

  it('J5 next-speaker check (opt-in) continues with "Please continue."', async () => {
    const h = createHarness({
      settings: { nextSpeakerCheck: true },
      script: goesOnOnce(),
    });
    expect(await h.run('q')).toBe('completed');
    expect(texts(h.model.requests[2]!.contents.at(-1))).toEqual([CONTINUE_PROMPT]);
    expect(h.model.requests).toHaveLength(4);
    h.expectHealthy();
  });

  it('J5 the check is announced, then decided with the model\'s reasoning; its JSON is never shown as an answer', async () => {
    const h = createHarness({
      settings: { nextSpeakerCheck: true },
      script: [reply('All done.', 'STOP'), reply('{"reasoning":"The task is complete.","next_speaker":"user"}', 'STOP')],
    });
    expect(await h.run('q')).toBe('completed');
    expect(h.ofType('next_speaker_check').map((event) => event.value)).toEqual([
      { phase: 'asking' },
      { phase: 'decided', nextSpeaker: 'user', source: 'model', reasoning: 'The task is complete.' },
    ]);
    expect(h.ofType('content').map((event) => event.value)).toEqual(['All done.']);
    expect(h.ofType('round_trip_start')).toHaveLength(2);
  });

  it('J5 a rate-limited check shows its retries, then decides', async () => {
    const h = createHarness({
      settings: { nextSpeakerCheck: true },
      script: [reply('All done.', 'STOP'), { error: { status: 429 } }, reply('{"reasoning":"r","next_speaker":"user"}', 'STOP')],
    });
    expect(await h.run('q')).toBe('completed');
    expect(h.types().filter((type) => type === 'next_speaker_check' || type === 'retry')).toEqual(['next_speaker_check', 'retry', 'next_speaker_check']);
    expect(h.ofType('retry')[0]!.value.reason).toBe('rate-limit');
  });

  it.each([
    ['an answer that is not JSON', reply('the user, I think', 'STOP'), 'The answer was not the JSON that was asked for.'],
    ['JSON without a speaker', reply('{"reasoning":"r"}', 'STOP'), 'The answer named no next speaker.'],
    ['a refused request', { error: { status: 400, message: 'bad' } }, 'The model refused the request: bad'],
  ])('J5 %s: the check says it could not decide, and the person speaks', async (_name, answer, reasoning) => {
    const h = createHarness({ settings: { nextSpeakerCheck: true }, script: [reply('All done.', 'STOP'), answer] });
    expect(await h.run('q')).toBe('completed');
    expect(h.ofType('next_speaker_check').at(-1)!.value).toEqual({ phase: 'decided', nextSpeaker: 'user', source: 'failed', reasoning });
    expect(h.model.requests).toHaveLength(2);
    expect(h.ofType('error')).toEqual([]);
  });

  it('J2 J5 AfterAgent fires once, when the agent would end, not after a reply the model goes on from', async () => {
    let afterAgent = 0;
    const h = createHarness({
      settings: { nextSpeakerCheck: true },
      script: goesOnOnce(),
      hooks: { afterAgent: async () => void afterAgent++ },
    });
    expect(await h.run('q')).toBe('completed');
    expect(afterAgent).toBe(1);
  });

  it('J5 the check is off by default', async () => {
    const h = createHarness({ script: [reply('Next, I will read the file', 'STOP')] });
    await h.run('q');
    expect(h.model.requests).toHaveLength(1);
  });

  it('J6 MAX_TURNS bounds continuations', async () => {
    const speaker = () => reply('{"reasoning":"r","next_speaker":"model"}', 'STOP');
    const h = createHarness({
      settings: { nextSpeakerCheck: true },
      config: { maxTurns: 3 },
      script: [reply('a', 'STOP'), speaker(), reply('b', 'STOP'), speaker(), reply('c', 'STOP')],
    });
    expect(await h.run('q')).toBe('completed');
    expect(h.model.requests.filter((request) => request.tools !== undefined)).toHaveLength(3);
  });

  it('J6 maxSessionTurns emits max_session_turns', async () => {
    const h = createHarness({ config: { maxSessionTurns: 1 }, script: toolScript() });
    expect(await h.run('q')).toBe('stopped');
    expect(h.ofType('max_session_turns')).toHaveLength(1);
    expect(h.model.requests).toHaveLength(1);
  });

  it('J7 a throwing hook never breaks the loop', async () => {
    const boom = async (): Promise<never> => { throw new Error('hook broke'); };
    const h = createHarness({
      script: toolScript(),
      hooks: { postToolBatch: boom, beforeAgent: boom, beforeModel: boom, afterModel: boom, beforeTool: boom, afterTool: boom, afterAgent: boom },
    });
    expect(await h.run('q')).toBe('completed');
    expect(h.model.requests).toHaveLength(2);
    h.expectHealthy();
  });

  it('AfterTool context is appended to that call’s output', async () => {
    const h = createHarness({ script: toolScript(), hooks: { afterTool: async () => ({ additionalContext: 'checked' }) } });
    await h.run('q');
    expect(h.model.requests[1]!.contents.at(-1)!.parts[0]!.functionResponse!.response).toEqual({ output: 'contents of a\n\nchecked' });
  });
});

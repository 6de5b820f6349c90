import { describe, expect, it } from 'vitest';
import { createDeferred } from './testing/deferred';
import { FC, reply, T, TH } from './testing/fake-model';
import { createHarness, texts } from './testing/harness';
import type { AgentEvent } from './types';

describe('A. architecture, events and stream translation', () => {
  it('A1 the outer loop sends tool results as a second request and finishes twice', async () => {
    const h = createHarness({ script: [reply(FC('read_file', { file_path: 'a' }), 'STOP'), reply('done', 'STOP')] });
    expect(await h.run('q')).toBe('completed');
    expect(h.model.requests).toHaveLength(2);
    const last = h.model.requests[1]!.contents.at(-1)!;
    expect(last.role).toBe('user');
    expect(last.parts[0]!.functionResponse).toMatchObject({ name: 'read_file', response: { output: 'contents of a' } });
    expect(h.ofType('finished')).toHaveLength(2);
    h.expectHealthy();
  });

  it('A2 a reply without tool calls ends the interaction', async () => {
    const h = createHarness({ script: [reply('hi', 'STOP')] });
    await h.run('q');
    expect(h.model.requests).toHaveLength(1);
    expect(h.tools.toolLog).toHaveLength(0);
    expect(h.agent.history()).toEqual([
      { role: 'user', parts: [{ text: 'q' }] },
      { role: 'model', parts: [{ text: 'hi' }] },
    ]);
    expect(h.types().at(-1)).toBe('interaction_end');
    h.expectHealthy();
  });

  it('A3 tool results are one user message in declaration order', async () => {
    const h = createHarness({
      script: [reply({ calls: [FC('read_file', { file_path: 'a' }, 'c1'), FC('read_file', { file_path: 'b' }, 'c2')], finish: 'STOP' }), reply('ok', 'STOP')],
      tools: { read_file: { delayMs: (args) => (args['file_path'] === 'a' ? 50 : 0) } },
    });
    await h.run('q');
    const [first, second] = h.tools.toolLog;
    expect(second!.tEnd!).toBeLessThan(first!.tEnd!); // b finished first
    const results = h.model.requests[1]!.contents.at(-1)!;
    expect(results.role).toBe('user');
    expect(results.parts.map((part) => part.functionResponse?.response['output'])).toEqual(['contents of a', 'contents of b']);
    h.expectHealthy();
  });

  it('A4 the event union holds the 18 Gemini CLI values plus model_anomaly_warning', () => {
    const names: AgentEvent['type'][] = [
      'content', 'thought', 'tool_call_request', 'tool_call_response', 'tool_call_confirmation', 'user_cancelled',
      'error', 'chat_compressed', 'max_session_turns', 'finished', 'loop_detected', 'citation', 'retry',
      'context_window_will_overflow', 'invalid_stream', 'model_info', 'agent_execution_stopped',
      'agent_execution_blocked', 'model_anomaly_warning',
    ];
    expect(new Set(names).size).toBe(19);
  });

  it('A5 thoughts become thought events and never content or history', async () => {
    const h = createHarness({ script: [reply(TH('**Plan** read'), T('Answer'), 'STOP')] });
    await h.run('q');
    const shown = h.events.filter((event) => event.type === 'thought' || event.type === 'content');
    expect(shown).toEqual([
      { type: 'thought', value: { subject: 'Plan', description: 'read' } },
      { type: 'content', value: 'Answer' },
    ]);
    expect(h.agent.history()[1]).toEqual({ role: 'model', parts: [{ text: 'Answer' }] });
    h.expectHealthy();
  });

  it('A6 call ids are minted, unique, and shared by the call and its response', async () => {
    const h = createHarness({
      script: [reply({ calls: [FC('read_file', { file_path: 'a' }), FC('read_file', { file_path: 'b' })], finish: 'STOP' }), reply('x', 'STOP')],
    });
    await h.run('q');
    const ids = h.callIds();
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBeTruthy();
    expect(ids[0]).not.toBe(ids[1]);
    const history = h.agent.history();
    expect(history[1]!.parts[0]!.functionCall!.id).toBe(history[2]!.parts[0]!.functionResponse!.id);
    expect(history[1]!.parts[1]!.functionCall!.id).toBe(history[2]!.parts[1]!.functionResponse!.id);
    h.expectHealthy();
  });

  it('A6 a provider id is kept: the call, its card and its response all carry it', async () => {
    const h = createHarness({ script: [reply(FC('read_file', { file_path: 'a' }, 'provider-1'), 'STOP'), reply('x', 'STOP')] });
    await h.run('q');
    expect(h.callIds()).toEqual(['provider-1']);
    const sent = h.model.requests[1]!.contents;
    expect(sent[1]!.parts[0]!.functionCall!.id).toBe('provider-1');
    expect(sent[2]!.parts[0]!.functionResponse).toMatchObject({ id: 'provider-1', response: { output: 'contents of a' } });
    expect(h.ofType('tool_call_response').map((event) => event.value.callId)).toEqual(['provider-1']);
    h.expectHealthy();
  });

  it('A6 only a call without a provider id gets a minted one', async () => {
    const h = createHarness({
      script: [reply({ calls: [FC('read_file', { file_path: 'a' }, 'call_a'), FC('read_file', { file_path: 'b' })], finish: 'STOP' }), reply('x', 'STOP')],
    });
    await h.run('q');
    const [kept, minted] = h.callIds();
    expect(kept).toBe('call_a');
    expect(minted).toMatch(/^id\d+$/);
    const responses = h.model.requests[1]!.contents[2]!.parts.map((part) => part.functionResponse?.id);
    expect(responses).toEqual(['call_a', minted]);
    h.expectHealthy();
  });

  it('A7 finished comes once, after all content, with reason and usage', async () => {
    const h = createHarness({ script: [{ chunks: [{ text: 'a' }, { text: 'b', finish: 'STOP', usage: { promptTokenCount: 7 } }] }] });
    await h.run('q');
    const types = h.types().filter((type) => type === 'content' || type === 'finished');
    expect(types).toEqual(['content', 'content', 'finished']);
    expect(h.ofType('finished')[0]!.value).toEqual({ reason: 'STOP', usageMetadata: { promptTokenCount: 7 } });
  });

  it('A7 the sources cited by the chunks come as one citation event, each once, before finished', async () => {
    const spec = { uri: 'https://example.org/spec', title: 'The spec' };
    const h = createHarness({
      script: [
        {
          chunks: [
            { text: 'a', citations: [{ uri: 'https://z.example/page' }, spec] },
            { text: 'b', citations: [spec], finish: 'STOP' },
          ],
        },
      ],
    });
    await h.run('q');
    expect(h.types().filter((type) => ['content', 'citation', 'finished'].includes(type))).toEqual(['content', 'content', 'citation', 'finished']);
    expect(h.ofType('citation')[0]!.value).toBe('Citations:\n(The spec) https://example.org/spec\nhttps://z.example/page');
    expect(h.agent.history()[1]).toEqual({ role: 'model', parts: [{ text: 'ab' }] }); // sources stay out of history
  });

  it('A11 a 400 becomes one error event, with no tools and no retry', async () => {
    const h = createHarness({ script: [{ error: { status: 400, message: 'bad' } }] });
    expect(await h.run('q')).toBe('error');
    const errors = h.ofType('error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.value.error).toMatchObject({ kind: 'bad-request', status: 400 });
    expect(h.tools.toolLog).toHaveLength(0);
    expect(h.model.requests).toHaveLength(1);
    h.expectHealthy();
  });

  it('A11 an auth error names the API key and is not retried', async () => {
    const h = createHarness({ script: [{ error: { status: 401 } }] });
    await h.run('q');
    expect(h.ofType('error')[0]!.value.error.message).toMatch(/API key/);
    expect(h.model.requests).toHaveLength(1);
  });

  it('A14 a message that would overflow the window is not sent and not committed', async () => {
    const h = createHarness({
      script: [reply({ text: 'hi', finish: 'STOP', usage: { promptTokenCount: 990 } })],
      tokenLimit: 1000,
      config: { compressionThreshold: 2 }, // auto-compression off
    });
    await h.run('first');
    const stored = h.agent.history().length;
    const requests = h.model.requests.length;
    expect(await h.run('x'.repeat(800))).toBe('overflow');
    const overflow = h.ofType('context_window_will_overflow');
    expect(overflow).toHaveLength(1);
    expect(overflow[0]!.value.remainingTokenCount).toBe(10);
    expect(h.model.requests).toHaveLength(requests);
    expect(h.agent.history()).toHaveLength(stored);
  });

  it('A15 no text sits between a functionCall turn and its functionResponses', async () => {
    const h = createHarness({ script: [reply(FC('read_file', { file_path: 'a' }), 'STOP'), reply('ok', 'STOP')] });
    await h.run('q');
    const contents = h.model.requests[1]!.contents;
    expect(contents.at(-2)!.role).toBe('model');
    expect(contents.at(-1)!.parts[0]!.functionResponse).toBeDefined();
  });

  it('A16 the model is frozen per interaction and model_info comes once', async () => {
    const gate = createDeferred();
    const h = createHarness({
      script: [reply(FC('read_file', { file_path: 'a' }), 'STOP'), reply('ok', 'STOP'), reply('second', 'STOP')],
      tools: { read_file: { gate: gate.promise } },
    });
    const running = h.run('q');
    await new Promise((resolve) => setImmediate(resolve));
    h.agent.updateSettings({ model: 'model-b' });
    gate.resolve();
    await running;
    expect(h.model.requests.map((request) => request.model)).toEqual(['model-a', 'model-a']);
    expect(h.ofType('model_info')).toEqual([{ type: 'model_info', value: 'model-a' }]);
    await h.run('next');
    expect(h.model.requests[2]!.model).toBe('model-b');
  });

  it('records every round trip with the request as sent and the raw chunks', async () => {
    const h = createHarness({ script: [reply(FC('read_file', { file_path: 'a' }), 'STOP'), reply('ok', 'STOP')] });
    await h.run('q');
    expect(h.store.roundTrips).toHaveLength(2);
    expect(h.store.roundTrips[1]!.request).toEqual(h.model.requests[1]);
    expect(h.store.roundTrips[0]!.response).toHaveLength(1);
    expect(h.ofType('round_trip_start')).toHaveLength(2);
    expect(h.ofType('round_trip_end')).toHaveLength(2);
  });

  it('commits the user prompt before the model is called (durability)', async () => {
    const h = createHarness({ script: [reply('hi', 'STOP')] });
    await h.run('q');
    expect(h.store.commits[0]).toEqual([{ role: 'user', parts: [{ text: 'q' }] }]);
    expect(texts(h.store.history()[1])).toEqual(['hi']);
  });
});

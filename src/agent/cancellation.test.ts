import { describe, expect, it } from 'vitest';
import { detectTurnInterruption } from './history/interruption';
import { createDeferred } from './testing/deferred';
import { FC, reply, T } from './testing/fake-model';
import { createHarness, waitUntil } from './testing/harness';
import type { ApprovalOutcome } from './types';

describe('K. cancellation', () => {
  it('K1 A10 chunks a model keeps sending after Stop are not consumed', async () => {
    const controller = new AbortController();
    const resumeStream = createDeferred();
    const h = createHarness({
      script: [{ chunks: [T('a'), T('b'), { calls: [FC('read_file', { file_path: 'x' })] }, { finish: 'STOP' }], hold: { chunkIndex: 1, until: resumeStream.promise } }],
    });
    // A model adapter that ignores the abort signal and streams on (the rest of a read already decoded).
    const stream = h.model.stream.bind(h.model);
    h.model.stream = (request) => stream(request, new AbortController().signal);
    const running = h.run('q', controller.signal);
    await waitUntil(() => h.ofType('content').length === 1);
    controller.abort();
    resumeStream.resolve();
    expect(await running).toBe('cancelled');
    expect(h.types().filter((type) => type === 'content' || type === 'tool_call_request' || type === 'user_cancelled')).toEqual(['content', 'user_cancelled']);
    expect(h.tools.toolLog).toHaveLength(0);
    h.expectHealthy();
  });

  it('K1 Stop during the next-speaker check cancels the interaction: user_cancelled, nothing more sent', async () => {
    const controller = new AbortController();
    const checking = createDeferred();
    const h = createHarness({
      settings: { nextSpeakerCheck: true },
      script: [
        reply('I will go on.', 'STOP'),
        { chunks: [{ text: '{"reasoning":"r","next_speaker":"model"}', finish: 'STOP' }], hold: { chunkIndex: 0, until: checking.promise } },
        reply('never', 'STOP'),
      ],
    });
    const running = h.run('q', controller.signal);
    await waitUntil(() => h.model.requests.length === 2);
    controller.abort();
    checking.resolve();
    expect(await running).toBe('cancelled');
    expect(h.ofType('user_cancelled')).toHaveLength(1);
    expect(h.ofType('interaction_end').at(-1)!.value.outcome).toBe('cancelled');
    expect(h.model.requests).toHaveLength(2);
    h.expectHealthy();
  });

  it('K1 Stop during the Stop hook (AfterAgent) cancels the interaction', async () => {
    const controller = new AbortController();
    const h = createHarness({
      script: [reply('done', 'STOP')],
      hooks: { afterAgent: ({ signal }) => new Promise((resolve) => signal.addEventListener('abort', () => resolve({ decision: 'block', reason: 'go on' }))) },
    });
    const running = h.run('q', controller.signal);
    await waitUntil(() => h.ofType('finished').length === 1);
    controller.abort();
    expect(await running).toBe('cancelled');
    expect(h.ofType('user_cancelled')).toHaveLength(1);
    expect(h.model.requests).toHaveLength(1);
  });

  it('K2 Stop while an approval preview is still being built cancels at once', async () => {
    const controller = new AbortController();
    const previewing = createDeferred();
    const h = createHarness({
      script: [reply(FC('write_file', { file_path: 'a', content: 'x' }), 'STOP')],
      settings: { approvalMode: 'ask' },
      tools: { write_file: { preview: async () => { previewing.resolve(); return new Promise<never>(() => undefined); } } },
    });
    const running = h.run('q', controller.signal);
    await previewing.promise;
    controller.abort();
    expect(await running).toBe('cancelled');
    expect(h.approvals).toEqual([]);
    expect(h.statuses(h.callIds()[0]!).at(-1)).toBe('cancelled');
    h.expectHealthy();
  });

  it('K1 A10 abort while streaming: user_cancelled, no tools, the prompt is kept', async () => {
    const controller = new AbortController();
    const firstChunkSeen = createDeferred();
    const h = createHarness({
      script: [
        {
          chunks: [T('a'), T('b'), { calls: [FC('read_file', { file_path: 'x' })] }, { finish: 'STOP' }],
          hold: { chunkIndex: 1, until: firstChunkSeen.promise },
        },
      ],
    });
    const running = h.run('q', controller.signal);
    await waitUntil(() => h.ofType('content').length === 1);
    controller.abort();
    firstChunkSeen.resolve();
    expect(await running).toBe('cancelled');
    expect(h.types().filter((type) => type === 'content' || type === 'user_cancelled')).toEqual(['content', 'user_cancelled']);
    expect(h.tools.toolLog).toHaveLength(0);
    expect(h.store.history()).toEqual([{ role: 'user', parts: [{ text: 'q' }] }]);
    expect(detectTurnInterruption(h.store.history())).toEqual({ type: 'interrupted_prompt', parts: [{ text: 'q' }] });
    h.expectHealthy();
  });

  it('K2 abort while tools run: every call still gets a result, in order, and no further request', async () => {
    const controller = new AbortController();
    const approval = createDeferred<ApprovalOutcome>();
    const h = createHarness({
      script: [
        reply({
          calls: [
            FC('read_file', { file_path: 'a' }),
            FC('run_shell_command', { command: 'sleep' }),
            FC('write_file', { file_path: 'b', content: 'x' }),
          ],
          finish: 'STOP',
        }),
      ],
      settings: { approvalMode: 'auto-edit' },
      tools: { read_file: { delayMs: 50 }, run_shell_command: { gate: new Promise(() => {}) }, write_file: { kind: 'execute' } },
      approve: (request) => (request.name === 'run_shell_command' ? 'proceed_once' : approval.promise),
      clockMode: 'manual',
    });
    const running = h.run('q', controller.signal);
    await waitUntil(() => h.approvals.length === 2);
    await h.clock.advance(10);
    controller.abort();
    expect(await running).toBe('cancelled');
    expect(h.model.requests).toHaveLength(1);
    const results = h.store.history().at(-1)!.parts.map((part) => part.functionResponse!);
    expect(results.map((result) => result.name)).toEqual(['read_file', 'run_shell_command', 'write_file']);
    for (const result of results) expect(String(result.response['error'])).toMatch(/^\[Operation Cancelled\] Reason: /);
    expect(results[2]!.response['error']).toBe('[Operation Cancelled] Reason: Tool call cancelled by user.');
    expect(h.types()).toContain('user_cancelled');
    h.expectHealthy();
  });

  it('K2 results produced before the abort are kept', async () => {
    const controller = new AbortController();
    const h = createHarness({
      script: [reply({ calls: [FC('write_file', { file_path: 'a', content: 'x' }), FC('run_shell_command', { command: 'sleep' })], finish: 'STOP' })],
      tools: { run_shell_command: { gate: new Promise(() => {}) } },
    });
    const running = h.run('q', controller.signal);
    await waitUntil(() => h.tools.running() === 1 && h.tools.toolLog.length === 2);
    controller.abort();
    await running;
    const results = h.store.history().at(-1)!.parts.map((part) => part.functionResponse!.response);
    expect(results[0]).toEqual({ output: 'ok write_file' });
    expect(String(results[1]!['error'])).toMatch(/^\[Operation Cancelled\]/);
  });

  it('K4 all calls of a batch rejected: no model call again', async () => {
    const h = createHarness({
      script: [reply(FC('write_file', { file_path: 'a', content: 'x' }), 'STOP')],
      settings: { approvalMode: 'ask' },
      approve: () => 'cancel',
    });
    expect(await h.run('q')).toBe('cancelled');
    expect(h.model.requests).toHaveLength(1);
    expect(h.agent.history().at(-1)!.parts[0]!.functionResponse!.response).toEqual({
      error: '[Operation Cancelled] Reason: User did not allow tool call',
    });
    h.expectHealthy();
  });

  it('K4 some calls rejected: the loop continues with the mixed results', async () => {
    const h = createHarness({
      script: [reply({ calls: [FC('write_file', { file_path: 'a', content: 'x' }), FC('read_file', { file_path: 'b' })], finish: 'STOP' }), reply('ok', 'STOP')],
      settings: { approvalMode: 'ask' },
      approve: () => 'cancel',
    });
    expect(await h.run('q')).toBe('completed');
    expect(h.model.requests).toHaveLength(2);
  });

  it('an abort during the approval wait cancels the waiting call', async () => {
    const controller = new AbortController();
    const h = createHarness({
      script: [reply(FC('write_file', { file_path: 'a', content: 'x' }), 'STOP')],
      settings: { approvalMode: 'ask' },
      approve: () => new Promise<ApprovalOutcome>(() => {}),
    });
    const running = h.run('q', controller.signal);
    await waitUntil(() => h.approvals.length === 1);
    controller.abort();
    expect(await running).toBe('cancelled');
    expect(h.agent.history().at(-1)!.parts[0]!.functionResponse!.response['error']).toBe('[Operation Cancelled] Reason: Tool call cancelled by user.');
    h.expectHealthy();
  });

  it('after a cancel a new prompt is sent with the kept prompt coalesced (F3)', async () => {
    const controller = new AbortController();
    controller.abort();
    const h = createHarness({ script: [reply('ok', 'STOP')] });
    expect(await h.run('first', controller.signal)).toBe('cancelled');
    await h.run('second');
    h.expectHealthy();
  });
});

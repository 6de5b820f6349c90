import { describe, expect, it } from 'vitest';
import { USER_DENIED_REASON } from './history/function-response';
import { createScheduler, QUEUED_CANCEL_MESSAGE, CANCEL_ALL_MESSAGE } from './scheduler/scheduler';
import { createStateManager, LIVE_OUTPUT_ELIDED, LIVE_OUTPUT_LIMIT } from './scheduler/state-manager';
import type { CallRecord } from './scheduler/state-manager';
import { approvalDecision, isConcurrencySafe, sessionAllowKey } from './scheduler/policy';
import { TRUNCATION_PARAM_GUIDANCE } from './scheduler/validation';
import { createDeferred } from './testing/deferred';
import type { Deferred } from './testing/deferred';
import { createFakeClock } from './testing/fake-clock';
import { FC, reply } from './testing/fake-model';
import { standardFakeTools } from './testing/fake-tools';
import { createHarness, waitUntil } from './testing/harness';
import type { ApprovalOutcome, ToolCallView } from './types';

const write = (path: string, id?: string) => FC('write_file', { file_path: path, content: 'x' }, id);

describe('C. scheduler, state machine and approvals', () => {
  it('C1 C3 an approved call goes validating → awaiting_approval → scheduled → executing → success', async () => {
    const h = createHarness({ script: [reply(write('a'), 'STOP'), reply('ok', 'STOP')], settings: { approvalMode: 'ask' } });
    await h.run('q');
    expect(h.statuses(h.callIds()[0]!)).toEqual(['validating', 'awaiting_approval', 'scheduled', 'executing', 'success']);
    expect(h.approvals).toHaveLength(1);
    expect(h.approvals[0]).toMatchObject({ name: 'write_file', kind: 'edit', summary: 'a' });
    expect(h.ofType('tool_call_confirmation')).toHaveLength(1);
    h.expectHealthy();
  });

  it('C2 a terminal status never changes again', () => {
    const views: ToolCallView[][] = [];
    const state = createStateManager({ emit: (value) => views.push(value), now: () => 0, throttleMs: 50, sleep: () => new Promise(() => undefined) });
    const record: CallRecord = {
      request: { callId: 'c', name: 't', args: {}, index: 0 },
      tool: undefined,
      args: {},
      validation: 'passed',
      view: { callId: 'c', name: 't', args: {}, summary: '', status: 'executing', index: 0 },
    };
    state.add(record);
    expect(state.finish('c', { status: 'success', result: { llmContent: 'done' } })).toBe(true);
    expect(state.setStatus('c', 'cancelled')).toBe(false);
    expect(state.finish('c', { status: 'error', error: { type: 'X', message: 'late' } })).toBe(false);
    expect(record.view.status).toBe('success');
    expect(record.outcome).toEqual({ status: 'success', result: { llmContent: 'done' } });
  });

  it('C2 a tool that resolves after the cancel keeps the call cancelled', async () => {
    const gate = createDeferred();
    const controller = new AbortController();
    const h = createHarness({
      script: [reply(FC('run_shell_command', { command: 'sleep' }), 'STOP')],
      tools: { run_shell_command: { gate: gate.promise, ignoresAbort: true, impl: () => 'late result' } },
    });
    const running = h.run('q', controller.signal);
    await waitUntil(() => h.tools.running() === 1);
    controller.abort();
    await running;
    gate.resolve();
    await waitUntil(() => h.tools.running() === 0);
    expect(h.statuses(h.callIds()[0]!).at(-1)).toBe('cancelled');
    expect(h.agent.history().at(-1)!.parts[0]!.functionResponse!.response['error']).toMatch(/^\[Operation Cancelled\]/);
  });

  it('C4 an unknown tool is an early error with suggestions and never validates', async () => {
    const h = createHarness({ script: [reply(FC('reed_file', { file_path: 'a' }), 'STOP'), reply('ok', 'STOP')] });
    await h.run('q');
    expect(h.tools.toolLog).toHaveLength(0);
    const error = String(h.model.requests[1]!.contents.at(-1)!.parts[0]!.functionResponse!.response['error']);
    expect(error.startsWith('Tool "reed_file" not found')).toBe(true);
    expect(error).toContain('Did you mean one of: "read_file"');
    expect(h.statuses(h.callIds()[0]!)).toEqual(['error']);
    h.expectHealthy();
  });

  it('C4 invalid params come back as INVALID_TOOL_PARAMS', async () => {
    const h = createHarness({ script: [reply(FC('read_file', {}), 'STOP'), reply('ok', 'STOP')] });
    await h.run('q');
    const update = h.ofType('tool_calls_update').at(-1)!.value[0]!;
    expect(update).toMatchObject({ status: 'error', errorType: 'INVALID_TOOL_PARAMS' });
    expect(h.tools.toolLog).toHaveLength(0);
  });

  it('C5 a truncated edit is rejected with OUTPUT_TRUNCATED', async () => {
    const h = createHarness({ script: [reply(write('a'), 'MAX_TOKENS'), reply('ok', 'STOP')] });
    await h.run('q');
    expect(h.tools.toolLog).toHaveLength(0);
    const error = String(h.model.requests[1]!.contents.at(-1)!.parts[0]!.functionResponse!.response['error']);
    expect(error).toContain('rejected to prevent writing truncated content');
    expect(h.ofType('tool_calls_update').at(-1)!.value[0]!.errorType).toBe('OUTPUT_TRUNCATED');
    h.expectHealthy();
  });

  it('C5 a truncated non-edit call with broken parameters is told its response was cut off; a complete one runs', async () => {
    const h = createHarness({
      script: [reply({ calls: [FC('read_file', {}), FC('read_file', { file_path: 'a' })], finish: 'MAX_TOKENS' }), reply('ok', 'STOP')],
    });
    await h.run('q');
    const [broken, complete] = h.model.requests[1]!.contents.at(-1)!.parts.map((part) => part.functionResponse!.response);
    expect(String(broken!['error']).endsWith(TRUNCATION_PARAM_GUIDANCE)).toBe(true);
    expect(complete).toEqual({ output: 'contents of a' });
    expect(h.tools.toolLog.map((entry) => entry.name)).toEqual(['read_file']);
    h.expectHealthy();
  });

  it('C5 without truncation, broken parameters get no truncation note', async () => {
    const h = createHarness({ script: [reply(FC('read_file', {}), 'STOP'), reply('ok', 'STOP')] });
    await h.run('q');
    expect(String(h.model.requests[1]!.contents.at(-1)!.parts[0]!.functionResponse!.response['error'])).not.toContain('truncated');
  });

  it('C7 cancel one call and approve the other: per-call outcomes, in order', async () => {
    const answers: Record<string, ApprovalOutcome> = { a: 'cancel', b: 'proceed_once' };
    const h = createHarness({
      script: [reply({ calls: [write('a', 'c1'), write('b', 'c2')], finish: 'STOP' }), reply('ok', 'STOP')],
      settings: { approvalMode: 'ask' },
      approve: (request) => answers[String(request.args['file_path'])]!,
    });
    await h.run('q');
    const [first, second] = h.callIds();
    expect(h.statuses(first!).at(-1)).toBe('cancelled');
    expect(h.statuses(second!).at(-1)).toBe('success');
    const results = h.model.requests[1]!.contents.at(-1)!.parts.map((part) => part.functionResponse!);
    expect(results.map((result) => result.id)).toEqual([first, second]);
    expect(String(results[0]!.response['error'])).toMatch(/^\[Operation Cancelled\] Reason: User did not allow tool call/);
    h.expectHealthy();
  });

  it('C7 proceed_always allows the tool for the rest of the session', async () => {
    const h = createHarness({
      script: [reply({ calls: [write('a'), write('b')], finish: 'STOP' }), reply('ok', 'STOP'), reply(write('c'), 'STOP'), reply('done', 'STOP')],
      settings: { approvalMode: 'ask' },
      approve: () => 'proceed_always',
    });
    await h.run('q');
    await h.run('again');
    expect(h.approvals).toHaveLength(1);
    expect(h.tools.toolLog.map((entry) => entry.args['file_path'])).toEqual(['a', 'b', 'c']);
  });

  it('C7 allowing a shell command for the session allows that command only, never a compound one', async () => {
    const shell = (command: string) => reply(FC('run_shell_command', { command }), 'STOP');
    const h = createHarness({
      // A denied call ends its interaction (K4), so each command is its own prompt.
      script: [shell('ls'), reply('ok', 'STOP'), shell('ls -la src'), reply('ok', 'STOP'), shell('rm -rf src'), shell('ls; rm -rf src'), shell('ls | sh')],
      settings: { approvalMode: 'ask' },
      approve: (request) => (request.name === 'run_shell_command' && request.args['command'] === 'ls' ? 'proceed_always' : 'cancel'),
    });
    for (let prompt = 0; prompt < 5; prompt++) await h.run(`q${prompt}`);
    expect(h.approvals.map((request) => request.args['command'])).toEqual(['ls', 'rm -rf src', 'ls; rm -rf src', 'ls | sh']);
    expect(h.tools.toolLog.map((entry) => entry.args['command'])).toEqual(['ls', 'ls -la src']);
    h.expectHealthy();
  });

  it('C8 nothing executes while a call of the batch awaits approval', async () => {
    const approval = createDeferred<ApprovalOutcome>();
    const h = createHarness({
      script: [reply({ calls: [FC('read_file', { file_path: 'a' }, 'c1'), write('b', 'c2')], finish: 'STOP' }), reply('ok', 'STOP')],
      settings: { approvalMode: 'ask' },
      approve: () => approval.promise,
    });
    const running = h.run('q');
    await waitUntil(() => h.approvals.length === 1);
    await h.clock.advance(100);
    expect(h.tools.toolLog).toHaveLength(0);
    approval.resolve('proceed_once');
    await running;
    expect(h.tools.toolLog.map((entry) => entry.name)).toEqual(['read_file', 'write_file']);
  });

  it('C9 a batch scheduled while another runs waits, and leaves the queue on abort', async () => {
    const clock = createFakeClock();
    const gates: Record<string, Deferred> = { a: createDeferred(), b: createDeferred() };
    const tools = standardFakeTools(clock, { read_file: { gate: (args) => gates[String(args['file_path'])]!.promise } });
    const scheduler = createScheduler({
      tools, clock, emit: () => {}, requestApproval: async () => 'proceed_once',
      approvalMode: () => 'ask', allowedTools: new Set(), maxConcurrency: 10, liveOutputThrottleMs: 50, toolTimeoutMs: () => undefined,
    });
    const signal = new AbortController().signal;
    const first = scheduler.schedule([{ callId: 'A', name: 'read_file', args: { file_path: 'a' }, index: 0 }], signal);
    const second = scheduler.schedule([{ callId: 'B', name: 'read_file', args: { file_path: 'b' }, index: 0 }], signal);
    const queuedAbort = new AbortController();
    const third = scheduler.schedule([{ callId: 'C', name: 'read_file', args: { file_path: 'c' }, index: 0 }], queuedAbort.signal);
    await waitUntil(() => tools.toolLog.length === 1);
    queuedAbort.abort();
    await expect(third).rejects.toThrow(QUEUED_CANCEL_MESSAGE);
    expect(tools.toolLog.map((entry) => entry.args['file_path'])).toEqual(['a']);
    gates['a']!.resolve();
    await first;
    await waitUntil(() => tools.toolLog.length === 2);
    gates['b']!.resolve();
    expect((await second).calls[0]!.outcome.status).toBe('success');
    expect(tools.toolLog.map((entry) => entry.args['file_path'])).toEqual(['a', 'b']);
  });

  it('K3 cancelAll rejects queued batches', async () => {
    const clock = createFakeClock();
    const gate = createDeferred();
    const tools = standardFakeTools(clock, { read_file: { gate: gate.promise } });
    const scheduler = createScheduler({
      tools, clock, emit: () => {}, requestApproval: async () => 'proceed_once',
      approvalMode: () => 'ask', allowedTools: new Set(), maxConcurrency: 10, liveOutputThrottleMs: 50, toolTimeoutMs: () => undefined,
    });
    const signal = new AbortController().signal;
    const first = scheduler.schedule([{ callId: 'A', name: 'read_file', args: { file_path: 'a' }, index: 0 }], signal);
    const queued = scheduler.schedule([{ callId: 'B', name: 'read_file', args: { file_path: 'b' }, index: 0 }], signal);
    scheduler.cancelAll();
    await expect(queued).rejects.toThrow(CANCEL_ALL_MESSAGE);
    gate.resolve();
    await first;
  });

  it('C10 one batch completes once, after the last tool ends', async () => {
    const h = createHarness({
      script: [reply({ calls: [1, 2, 3].map((n) => FC('read_file', { file_path: `f${n}` })), finish: 'STOP' }), reply('ok', 'STOP')],
      tools: { read_file: { delayMs: (args) => Number(String(args['file_path']).slice(1)) * 10 } },
    });
    await h.run('q');
    expect(h.ofType('tool_call_response')).toHaveLength(3);
    const lastEnd = Math.max(...h.tools.toolLog.map((entry) => entry.tEnd!));
    expect(lastEnd - h.tools.toolLog[0]!.tStart).toBe(30);
    const results = h.model.requests[1]!.contents.at(-1)!.parts;
    expect(results.map((part) => part.functionResponse?.response['output'])).toEqual(['ok read_file', 'ok read_file', 'ok read_file'].map((_, i) => `contents of f${i + 1}`));
  });

  it('C11 duplicate provider ids in one response run once and store one pair', async () => {
    const h = createHarness({
      script: [reply({ calls: [FC('read_file', { file_path: 'a' }, 'dup'), FC('read_file', { file_path: 'a' }, 'dup')], finish: 'STOP' }), reply('ok', 'STOP')],
    });
    await h.run('q');
    expect(h.tools.toolLog).toHaveLength(1);
    expect(h.agent.history()[1]!.parts.filter((part) => part.functionCall)).toHaveLength(1);
    expect(h.agent.history()[2]!.parts).toHaveLength(1);
    h.expectHealthy();
  });

  it('C11 tool-side mutation of args never reaches history', async () => {
    const h = createHarness({
      script: [reply(FC('read_file', { file_path: 'a', list: [1] }), 'STOP'), reply('ok', 'STOP')],
      tools: { read_file: { impl: (args) => { (args['list'] as number[]).push(2); return 'x'; } } },
    });
    await h.run('q');
    expect(h.agent.history()[1]!.parts[0]!.functionCall!.args).toEqual({ file_path: 'a', list: [1] });
  });

  it('C12 a tool that never ends times out with EXECUTION_TIMEOUT and the loop goes on', async () => {
    const h = createHarness({
      script: [reply(FC('read_file', { file_path: 'a' }), 'STOP'), reply('ok', 'STOP')],
      tools: { read_file: { gate: new Promise(() => {}) } },
      settings: { toolTimeoutMs: 1000 },
    });
    expect(await h.run('q')).toBe('completed');
    const error = h.model.requests[1]!.contents.at(-1)!.parts[0]!.functionResponse!.response['error'];
    expect(error).toBe('Tool execution timed out after 1s. The tool may be stuck or operating on too large a scope.');
    expect(h.tools.toolLog[0]!.tEnd! - h.tools.toolLog[0]!.tStart).toBe(1000);
  });
});

describe('approval modes', () => {
  it('ask: edit and execute ask, read/search/think do not; auto-edit: only execute asks', () => {
    expect(['read', 'search', 'think', 'edit', 'execute'].map((kind) => approvalDecision(kind as 'read', 'ask', false))).toEqual(['allow', 'allow', 'allow', 'ask', 'ask']);
    expect(approvalDecision('edit', 'auto-edit', false)).toBe('allow');
    expect(approvalDecision('execute', 'auto-edit', false)).toBe('ask');
    expect(approvalDecision('execute', 'allow-all', false)).toBe('allow');
    expect(approvalDecision('execute', 'plan', true)).toBe('refuse');
  });

  it('a fetch asks in every mode but allow-all (plan too: it changes nothing), unless its host was allowed for the session', () => {
    expect((['ask', 'auto-edit', 'plan', 'allow-all'] as const).map((mode) => approvalDecision('fetch', mode, false))).toEqual(['ask', 'ask', 'ask', 'allow']);
    expect((['ask', 'auto-edit', 'plan'] as const).map((mode) => approvalDecision('fetch', mode, true))).toEqual(['allow', 'allow', 'allow']);
  });

  it('"Allow for this session" on a fetch remembers its host, port included; an address that does not parse is never remembered', () => {
    expect(sessionAllowKey('web_fetch', 'fetch', { url: 'https://docs.example.com/a?b=1' })).toBe('web_fetch docs.example.com');
    expect(sessionAllowKey('web_fetch', 'fetch', { url: 'https://docs.example.com/other' })).toBe('web_fetch docs.example.com');
    expect(sessionAllowKey('web_fetch', 'fetch', { url: 'http://localhost:8080/' })).toBe('web_fetch localhost:8080');
    expect(sessionAllowKey('web_fetch', 'fetch', { url: 'not a url' })).toBeNull();
    expect(sessionAllowKey('web_fetch', 'fetch', {})).toBeNull();
  });

  it('an MCP (external) tool asks as a command does; Plan mode refuses it unless it only reads; Allow for this session remembers that one tool', () => {
    expect((['ask', 'auto-edit', 'plan', 'allow-all'] as const).map((mode) => approvalDecision('external', mode, false))).toEqual(['ask', 'ask', 'refuse', 'allow']);
    expect((['ask', 'auto-edit', 'plan', 'allow-all'] as const).map((mode) => approvalDecision('external', mode, false, true))).toEqual(['ask', 'ask', 'ask', 'allow']);
    expect(approvalDecision('external', 'ask', true)).toBe('allow');
    expect(approvalDecision('external', 'plan', true)).toBe('refuse');
    expect(sessionAllowKey('calc__add', 'external', { a: 1 })).toBe('calc__add');
    const external = { declaration: { name: 'calc__add', kind: 'external' as const, description: '', parametersJsonSchema: {} } };
    expect(isConcurrencySafe(external as never, {})).toBe(false);
  });

  it('fetches may run side by side, as reads do', () => {
    const fetchTool = { declaration: { name: 'web_fetch', kind: 'fetch' as const, description: '', parametersJsonSchema: {} } };
    expect(isConcurrencySafe(fetchTool as never, { url: 'https://a.example' })).toBe(true);
  });

  it('plan mode refuses edits with a message telling the model to present a plan', async () => {
    const h = createHarness({ script: [reply(write('a'), 'STOP'), reply('plan', 'STOP')], settings: { approvalMode: 'plan' } });
    await h.run('q');
    expect(h.tools.toolLog).toHaveLength(0);
    expect(h.approvals).toHaveLength(0);
    const error = String(h.model.requests[1]!.contents.at(-1)!.parts[0]!.functionResponse!.response['error']);
    expect(error).toContain('plan (read-only) mode');
    expect(error).toContain('present your plan');
    h.expectHealthy();
  });

  it('switching to plan while an allowed call waits to run (a step, an earlier wave) refuses it before it runs', async () => {
    let switched = false;
    const h = createHarness({
      script: [reply({ calls: [write('a'), write('b')], finish: 'STOP' }), reply('plan', 'STOP')],
      settings: { approvalMode: 'allow-all' },
      hooks: {
        beforeTool: async () => {
          if (switched) return;
          switched = true;
          h.agent.setApprovalMode('plan'); // the person switches while the first call is paused
        },
      },
    });
    await h.run('q');
    expect(h.tools.toolLog).toHaveLength(0);
    const errors = h.model.requests[1]!.contents.at(-1)!.parts.map((part) => String(part.functionResponse!.response['error']));
    expect(errors).toHaveLength(2);
    for (const error of errors) expect(error).toContain('plan (read-only) mode');
    h.expectHealthy();
  });

  it('switching to Ask every time while calls the mode allowed wait to run asks for each before it runs', async () => {
    let switched = false;
    const order: string[] = [];
    const h = createHarness({
      script: [reply({ calls: [FC('run_shell_command', { command: 'make a' }), FC('run_shell_command', { command: 'make b' })], finish: 'STOP' }), reply('ok', 'STOP')],
      settings: { approvalMode: 'allow-all' },
      approve: (request) => {
        order.push(`ask ${String(request.args['command'])}`);
        return request.args['command'] === 'make a' ? 'proceed_once' : 'cancel';
      },
      hooks: {
        beforeTool: async () => {
          if (switched) return;
          switched = true;
          h.agent.setApprovalMode('ask'); // the person switches while the first call is paused
        },
      },
      tools: { run_shell_command: { impl: (args) => { order.push(`run ${String(args['command'])}`); return 'done'; } } },
    });
    await h.run('q');
    expect(order).toEqual(['ask make a', 'run make a', 'ask make b']);
    const [first, second] = h.callIds();
    expect(h.statuses(first!)).toEqual(['validating', 'scheduled', 'awaiting_approval', 'scheduled', 'executing', 'success']);
    expect(h.statuses(second!).at(-1)).toBe('cancelled');
    h.expectHealthy();
  });

  it('a call the person already allowed is not asked again when the mode changes before it runs', async () => {
    let switched = false;
    const h = createHarness({
      script: [reply({ calls: [write('a'), write('b')], finish: 'STOP' }), reply('ok', 'STOP')],
      settings: { approvalMode: 'ask' },
      hooks: {
        beforeTool: async () => {
          if (switched) return;
          switched = true;
          h.agent.setApprovalMode('auto-edit');
          h.agent.setApprovalMode('ask');
        },
      },
    });
    await h.run('q');
    expect(h.approvals.map((request) => request.args['file_path'])).toEqual(['a', 'b']);
    expect(h.tools.toolLog).toHaveLength(2);
  });

  it('switching the mode while a call awaits approval lets it proceed and closes the request', async () => {
    let approvalSignal: AbortSignal | undefined;
    const h = createHarness({
      script: [reply(FC('run_shell_command', { command: 'npm test' }), 'STOP'), reply('ok', 'STOP')],
      settings: { approvalMode: 'ask' },
      approve: (_request, signal) => {
        approvalSignal = signal;
        return new Promise<ApprovalOutcome>(() => {});
      },
    });
    const running = h.run('q');
    await waitUntil(() => h.approvals.length === 1);
    h.agent.setApprovalMode('allow-all');
    expect(await running).toBe('completed');
    expect(approvalSignal?.aborted).toBe(true);
    expect(h.tools.toolLog).toHaveLength(1);
    expect(h.statuses(h.callIds()[0]!)).toEqual(['validating', 'awaiting_approval', 'scheduled', 'executing', 'success']);
  });

  it('beforeTool runs after approval and before execute; a block is an error', async () => {
    const order: string[] = [];
    const h = createHarness({
      script: [reply({ calls: [write('a'), write('b')], finish: 'STOP' }), reply('ok', 'STOP')],
      settings: { approvalMode: 'ask' },
      approve: (request) => {
        order.push(`approve ${String(request.args['file_path'])}`);
        return 'proceed_once';
      },
      hooks: {
        async beforeTool({ call }) {
          order.push(`before ${call.summary} ${call.status}`);
          return call.summary === 'b' ? { decision: 'block', reason: 'checkpoint failed' } : undefined;
        },
      },
      tools: { write_file: { impl: (args) => { order.push(`execute ${String(args['file_path'])}`); return 'ok'; } } },
    });
    await h.run('q');
    expect(order).toEqual(['approve a', 'approve b', 'before a scheduled', 'execute a', 'before b scheduled']);
    expect(h.model.requests[1]!.contents.at(-1)!.parts[1]!.functionResponse!.response).toEqual({ error: 'checkpoint failed' });
  });

  it('beforeTool gets the arguments as the tool validated them, beside the card that shows what the model sent', async () => {
    const seen: unknown[] = [];
    const h = createHarness({
      script: [reply(write('./a'), 'STOP'), reply('ok', 'STOP')],
      hooks: { beforeTool: async ({ call, args }) => void seen.push([call.args['file_path'], args['file_path']]) },
      tools: { write_file: { normalize: (args) => ({ ...args, file_path: String(args['file_path']).replace(/^\.\//, '') }) } },
    });
    await h.run('q');
    expect(seen).toEqual([['./a', 'a']]);
    expect(h.tools.toolLog[0]!.args['file_path']).toBe('a');
  });

  it('a beforeTool stop ends the batch: the calls not run say a hook stopped them, not the person', async () => {
    const h = createHarness({
      script: [reply({ calls: [write('a'), write('b'), write('c')], finish: 'STOP' }), reply('never', 'STOP')],
      hooks: { beforeTool: async ({ call }) => (call.summary === 'b' ? { decision: 'stop', reason: 'quota used up' } : undefined) },
    });
    expect(await h.run('q')).toBe('stopped');
    expect(h.tools.toolLog.map((entry) => entry.args['file_path'])).toEqual(['a']);
    const responses = h.agent.history().at(-1)!.parts.map((part) => part.functionResponse!.response);
    expect(responses[1]).toEqual({ error: 'quota used up' });
    expect(responses[2]).toEqual({ error: '[Operation Cancelled] Reason: Not run: a hook stopped the batch (quota used up).' });
    expect(JSON.stringify(responses)).not.toContain('cancelled by user');
    expect(h.model.requests).toHaveLength(1);
    h.expectHealthy();
  });

  it('E6 live output is throttled on the clock, held-back output shows when the window ends, and it is cleared when the call leaves executing', async () => {
    const seenBeforeC: (string | undefined)[] = [];
    const h = createHarness({
      script: [reply(FC('run_shell_command', { command: 'build' }), 'STOP'), reply('ok', 'STOP')],
      tools: {
        run_shell_command: {
          impl: async (_args, context) => {
            context.onOutput?.('a');
            context.onOutput?.('b'); // same instant: throttled, then shown at +50 ms although the command goes quiet
            await h.clock.sleep(200, context.signal);
            seenBeforeC.push(...h.ofType('tool_calls_update').map((event) => event.value[0]!.liveOutput));
            context.onOutput?.('c');
            await h.clock.sleep(200, context.signal);
            return 'done';
          },
        },
      },
    });
    await h.run('q');
    expect(seenBeforeC).toContain('ab');
    const live = h.ofType('tool_calls_update').map((event) => event.value[0]!).filter((view) => view.liveOutput !== undefined);
    expect(live.map((view) => view.liveOutput)).toEqual(['a', 'ab', 'abc']);
    const final = h.ofType('tool_calls_update').at(-1)!.value[0]!;
    expect(final.status).toBe('success');
    expect(final.liveOutput).toBeUndefined();
  });

  it('E6 live output on a card keeps only the latest 64 KiB of a noisy command', async () => {
    const h = createHarness({
      script: [reply(FC('run_shell_command', { command: 'noisy build' }), 'STOP'), reply('ok', 'STOP')],
      tools: {
        run_shell_command: {
          impl: async (_args, context) => {
            for (let line = 0; line < 2000; line++) {
              context.onOutput?.(`line ${line} ${'x'.repeat(100)}\n`);
              if (line % 100 === 0) await h.clock.sleep(60, context.signal);
            }
            await h.clock.sleep(60, context.signal);
            return 'done';
          },
        },
      },
    });
    await h.run('q');
    const live = h.ofType('tool_calls_update').flatMap((event) => (event.value[0]!.liveOutput === undefined ? [] : [event.value[0]!.liveOutput]));
    expect(Math.max(...live.map((text) => text.length))).toBeLessThanOrEqual(LIVE_OUTPUT_LIMIT);
    const last = live.at(-1)!;
    expect(last.startsWith(LIVE_OUTPUT_ELIDED)).toBe(true);
    expect(last.endsWith(`line 1999 ${'x'.repeat(100)}\n`)).toBe(true);
  });

  it('C7 K4 a single rejected call ends the interaction without another request', async () => {
    const h = createHarness({ script: [reply(write('a'), 'STOP')], settings: { approvalMode: 'ask' }, approve: () => 'cancel' });
    expect(await h.run('q')).toBe('cancelled');
    expect(h.model.requests).toHaveLength(1);
    expect(h.agent.history().at(-1)!.parts[0]!.functionResponse!.response).toEqual({
      error: `[Operation Cancelled] Reason: ${USER_DENIED_REASON}`,
    });
    h.expectHealthy();
  });
});

import { describe, expect, it } from 'vitest';
import type { Content } from '../../shared/content';
import { createAgent } from '../agent';
import { createDeferred } from '../testing/deferred';
import { createFakeClock } from '../testing/fake-clock';
import { FC, T, createFakeModel, reply } from '../testing/fake-model';
import type { FakeResponse } from '../testing/fake-model';
import { standardFakeTools } from '../testing/fake-tools';
import type { FakeToolSpec } from '../testing/fake-tools';
import { waitUntil } from '../testing/harness';
import { pairingViolations } from '../testing/invariants';
import { createMemoryStore } from '../testing/memory-store';
import type { AgentEvent, ApprovalMode, ApprovalOutcome, ApprovalRequest, SubagentLimits, ToolCallView } from '../types';

function setup(options: {
  script: FakeResponse[];
  mode?: ApprovalMode;
  limits?: Partial<SubagentLimits>;
  tools?: Record<string, Partial<FakeToolSpec>>;
  clock?: 'auto' | 'manual';
  approve?: (request: ApprovalRequest) => Promise<ApprovalOutcome>;
}) {
  const clock = createFakeClock({ mode: options.clock ?? 'auto' });
  const model = createFakeModel(options.script, { gatesSend: true });
  const tools = standardFakeTools(clock, options.tools);
  const store = createMemoryStore();
  const events: AgentEvent[] = [];
  const approvals: ApprovalRequest[] = [];
  let counter = 0;
  const agent = createAgent({
    model,
    tools,
    spill: async () => undefined,
    store,
    clock,
    newId: () => `id${++counter}`,
    emit: (event) => events.push(structuredClone(event)),
    requestApproval: async (request) => {
      approvals.push(request);
      return options.approve ? options.approve(request) : 'proceed_once';
    },
    settings: { model: 'model-a', approvalMode: options.mode ?? 'allow-all' },
    subagents: options.limits ?? {},
  });
  const views = (name: string): ToolCallView[] =>
    events.flatMap((event) => (event.type === 'tool_calls_update' ? event.value.filter((view) => view.name === name) : []));
  const lastView = (name: string) => views(name).at(-1);
  const responseTo = (history: readonly Content[], name: string) =>
    history.flatMap((content) => content.parts.flatMap((part) => (part.functionResponse?.name === name ? [part.functionResponse.response] : [])));
  return { agent, model, tools, store, events, approvals, clock, lastView, responseTo };
}

const task = (args: Record<string, unknown>) => reply(FC('task', { description: 'Find the answer', prompt: 'Where is x defined?', ...args }));

describe('the task tool (subagents)', () => {
  it('runs a nested loop with its own history and answers with its final text', async () => {
    const { agent, model, store, lastView, responseTo } = setup({
      script: [task({}), reply(FC('read_file', { file_path: 'a.ts' })), reply(T('x is defined in a.ts'), 'STOP'), reply(T('It is in a.ts.'), 'STOP')],
    });
    expect(await agent.run({ type: 'user_query', text: 'find x' }, new AbortController().signal)).toBe('completed');

    const [parentFirst, nestedFirst, nestedSecond, parentLast] = model.requests;
    expect(parentFirst!.tools?.map((tool) => tool.name)).toContain('task');
    // The subagent starts from its prompt alone, told what it is, with the read-only tools and no `task`.
    expect(nestedFirst!.contents).toEqual([{ role: 'user', parts: [{ text: 'Where is x defined?' }] }]);
    expect(nestedFirst!.systemInstruction).toContain('subagent that the main agent started for one task: "Find the answer"');
    expect(nestedFirst!.tools?.map((tool) => tool.name).sort()).toEqual(['list_directory', 'read_file']);
    expect(nestedSecond!.contents).toHaveLength(3);
    // The parent's history holds the task call and its answer, none of the subagent's entries.
    expect(responseTo(store.history(), 'task')).toEqual([{ output: 'x is defined in a.ts' }]);
    expect(responseTo(store.history(), 'read_file')).toEqual([]);
    expect(parentLast!.contents.at(-1)?.parts[0]?.functionResponse?.response).toEqual({ output: 'x is defined in a.ts' });
    expect(pairingViolations(store.history())).toEqual([]);
    expect(model.overruns).toBe(0);

    // Its round-trips are recorded with the session's, marked with the task call.
    const callId = lastView('task')!.callId;
    expect(store.roundTrips.map((roundTrip) => roundTrip.subagent?.callId ?? null)).toEqual([null, callId, callId, null]);
    expect(store.roundTrips[1]!.subagent?.description).toBe('Find the answer');

    // Its card holds the nested round-trips, calls and text.
    const view = lastView('task')!;
    expect(view.status).toBe('success');
    expect(view.summary).toBe('Find the answer');
    expect(view.subagent).toEqual({
      description: 'Find the answer',
      outcome: 'completed',
      items: [
        { type: 'round_trip', ordinal: 1 },
        { type: 'tool', call: { callId: expect.any(String), name: 'read_file', summary: 'a.ts', status: 'success', resultText: 'contents of a.ts' } },
        { type: 'round_trip', ordinal: 2 },
        { type: 'text', text: 'x is defined in a.ts' },
      ],
    });
  });

  it('asks approvals for the tools it was given, naming the subagent', async () => {
    const { agent, approvals, model, lastView } = setup({
      mode: 'ask',
      script: [task({ tools: ['write_file'] }), reply(FC('write_file', { file_path: 'b.txt', content: 'b' })), reply(T('wrote b'), 'STOP'), reply(T('done'), 'STOP')],
    });
    expect(await agent.run({ type: 'user_query', text: 'write b' }, new AbortController().signal)).toBe('completed');
    expect(model.requests[1]!.tools?.map((tool) => tool.name)).toEqual(['write_file']);
    expect(approvals).toEqual([expect.objectContaining({ name: 'write_file', summary: 'b.txt', subagent: 'Find the answer' })]);
    expect(lastView('task')!.resultText).toBe('wrote b');
  });

  it('shares "Allow for this session" with the session: it does not ask again, and what is allowed inside it holds after it ends', async () => {
    const { agent, approvals, tools } = setup({
      mode: 'ask',
      approve: async () => 'proceed_always',
      script: [
        reply(FC('write_file', { file_path: 'a.txt', content: 'a' })),
        task({ tools: ['write_file', 'run_shell_command'] }),
        reply(FC('write_file', { file_path: 'b.txt', content: 'b' })),
        reply(FC('run_shell_command', { command: 'ls' })),
        reply(T('wrote b, listed'), 'STOP'),
        reply(FC('run_shell_command', { command: 'ls -la' })),
        reply(T('done'), 'STOP'),
      ],
    });
    expect(await agent.run({ type: 'user_query', text: 'write a, then b' }, new AbortController().signal)).toBe('completed');
    expect(tools.toolLog.map((entry) => entry.name)).toEqual(['write_file', 'write_file', 'run_shell_command', 'run_shell_command']);
    // The session's write_file, allowed for the session, does not ask inside the subagent; its `ls`, allowed there, does not ask after it.
    expect(approvals.map((request) => [request.name, request.subagent ?? null])).toEqual([
      ['write_file', null],
      ['run_shell_command', 'Find the answer'],
    ]);
  });

  it('follows a change of the approval mode while it runs: a call waiting for approval goes on under Allow all', async () => {
    const { agent, approvals, lastView } = setup({
      mode: 'ask',
      approve: () => new Promise(() => undefined), // the person never answers
      script: [task({ tools: ['write_file'] }), reply(FC('write_file', { file_path: 'b.txt', content: 'b' })), reply(T('wrote b'), 'STOP'), reply(T('done'), 'STOP')],
    });
    const running = agent.run({ type: 'user_query', text: 'write b' }, new AbortController().signal);
    await waitUntil(() => approvals.length === 1);
    agent.setApprovalMode('allow-all');
    expect(await running).toBe('completed');
    expect(lastView('task')!.resultText).toBe('wrote b');
  });

  it('in Plan mode gives the subagent only the tools that change nothing', async () => {
    const { agent, model } = setup({
      mode: 'plan',
      script: [task({ tools: ['write_file', 'read_file', 'run_shell_command'] }), reply(T('planned'), 'STOP'), reply(T('done'), 'STOP')],
    });
    expect(await agent.run({ type: 'user_query', text: 'plan it' }, new AbortController().signal)).toBe('completed');
    expect(model.requests[1]!.tools?.map((tool) => tool.name)).toEqual(['read_file']);
  });

  it('refuses `tools` that name task itself or a tool that does not exist, without starting a subagent', async () => {
    const { agent, model, lastView } = setup({ script: [task({ tools: ['task', 'nope'] }), reply(T('ok'), 'STOP')] });
    expect(await agent.run({ type: 'user_query', text: 'go' }, new AbortController().signal)).toBe('completed');
    expect(model.requests).toHaveLength(2);
    expect(lastView('task')!.status).toBe('error');
    expect(lastView('task')!.resultText).toContain('A subagent cannot have "task", "nope"');
  });

  it('stops at its limit of model requests and returns what it had, with a note', async () => {
    const { agent, model, lastView } = setup({
      limits: { maxTurns: 2 },
      script: [task({}), reply(T('Looked at a.'), FC('read_file', { file_path: 'a' })), reply(FC('read_file', { file_path: 'b' })), reply(T('done'), 'STOP')],
    });
    expect(await agent.run({ type: 'user_query', text: 'go' }, new AbortController().signal)).toBe('completed');
    expect(model.requests).toHaveLength(4);
    const view = lastView('task')!;
    expect(view.status).toBe('success');
    expect(view.resultText).toBe('Looked at a.\n\n[The subagent stopped at its limit of 2 model requests; this is what it had.]');
    expect(view.subagent?.outcome).toBe('turn_limit');
  });

  it('stops at its time limit and returns what it had, with a note', async () => {
    const { agent, lastView } = setup({
      limits: { timeLimitMs: 1_000 },
      tools: { read_file: { delayMs: 5_000 } },
      script: [task({}), reply(T('Reading a.'), FC('read_file', { file_path: 'a' })), reply(T('done'), 'STOP')],
    });
    expect(await agent.run({ type: 'user_query', text: 'go' }, new AbortController().signal)).toBe('completed');
    const view = lastView('task')!;
    expect(view.resultText).toBe('Reading a.\n\n[The subagent stopped at its time limit of 1 s; this is what it had.]');
    expect(view.subagent?.outcome).toBe('time_limit');
    expect(view.subagent?.items.find((item) => item.type === 'tool')).toMatchObject({ call: { name: 'read_file', status: 'cancelled' } });
  });

  it('on Stop ends the task call and each nested call once, cancelled, and sends nothing more', async () => {
    const gate = createDeferred<void>();
    const { agent, model, store, tools, lastView } = setup({
      clock: 'manual',
      tools: { run_shell_command: { gate: gate.promise } },
      script: [task({ tools: ['run_shell_command'] }), reply(FC('run_shell_command', { command: 'sleep 10' }))],
    });
    const stop = new AbortController();
    const running = agent.run({ type: 'user_query', text: 'go' }, stop.signal);
    await waitUntil(() => tools.running() === 1);
    stop.abort();
    expect(await running).toBe('cancelled');
    expect(model.requests).toHaveLength(2);
    expect(tools.toolLog).toEqual([expect.objectContaining({ name: 'run_shell_command', aborted: true })]);
    const view = lastView('task')!;
    expect(view.status).toBe('cancelled');
    expect(view.subagent?.outcome).toBe('cancelled');
    const nested = view.subagent?.items.filter((item) => item.type === 'tool') ?? [];
    expect(nested).toEqual([{ type: 'tool', call: expect.objectContaining({ name: 'run_shell_command', status: 'cancelled' }) }]);
    // The parent's stored history answers the task call exactly once.
    const answers = store.history().flatMap((content) => content.parts.filter((part) => part.functionResponse?.name === 'task'));
    expect(answers).toHaveLength(1);
    expect(pairingViolations(store.history())).toEqual([]);
  });

  it('on Stop waits for the subagent to unwind, so its last round-trip is recorded before the run ends', async () => {
    const streaming = createDeferred<void>();
    const { agent, model, store } = setup({
      clock: 'manual',
      script: [task({}), { chunks: [T('Reading'), T(' more', 'STOP')], hold: { chunkIndex: 1, until: streaming.promise } }],
    });
    const stop = new AbortController();
    const running = agent.run({ type: 'user_query', text: 'go' }, stop.signal);
    await waitUntil(() => model.requests.length === 2);
    stop.abort();
    // The nested stream ends a moment after Stop, as a provider's does.
    setTimeout(() => streaming.resolve(), 0);
    expect(await running).toBe('cancelled');
    expect(store.roundTrips.filter((roundTrip) => roundTrip.subagent).length).toBe(1);
  });
});

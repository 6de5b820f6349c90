/**
 * Hooks that run a command (the person's, Settings → Hooks) tell the agent what the run did
 * (`HookDecision.hookRun`): the agent reports it as `hook_run`, keeps an AfterTool run on the
 * call's card, and gives an AfterAgent hook what it needs to decide whether to run at all.
 */
import { describe, expect, it } from 'vitest';
import type { HookRun } from '../shared/hook-run';
import { createAgent } from './agent';
import { createFakeClock } from './testing/fake-clock';
import { FC, T, createFakeModel, reply } from './testing/fake-model';
import { standardFakeTools } from './testing/fake-tools';
import { createHarness, texts } from './testing/harness';
import { createMemoryStore } from './testing/memory-store';
import type { AgentEvent, ApprovalMode } from './types';

const afterEditRun: HookRun = { hook: 'after_edit', callId: 'c1', exitCode: 1, durationMs: 40, output: 'lint: 1 problem' };

describe('hook runs', () => {
  it('an AfterTool run is emitted, kept on the finished call, and its context reaches the model with the result', async () => {
    const h = createHarness({
      script: [reply(FC('write_file', { file_path: 'a.txt', content: 'x' }, 'c1'), 'STOP'), reply('ok', 'STOP')],
      settings: { approvalMode: 'allow-all' },
      hooks: { afterTool: async ({ call }) => (call.name === 'write_file' ? { additionalContext: '[hook] lint: 1 problem', hookRun: afterEditRun } : undefined) },
    });
    expect(await h.run('write a')).toBe('completed');
    expect(h.ofType('hook_run').map((event) => event.value)).toEqual([afterEditRun]);
    const finished = h.ofType('tool_calls_update').flatMap((event) => event.value).filter((view) => view.status === 'success');
    expect(finished.at(-1)?.hookRun).toEqual(afterEditRun);
    expect(finished.at(-1)?.resultText).toContain('[hook] lint: 1 problem');
    const response = h.model.requests[1]!.contents.at(-1)!.parts[0]!.functionResponse!.response;
    expect(JSON.stringify(response)).toContain('[hook] lint: 1 problem');
    // The run is emitted before the call's card ends, so the inspector notes it with the round-trip that asked for the call.
    const types = h.types();
    expect(types.indexOf('hook_run')).toBeLessThan(types.lastIndexOf('tool_calls_update'));
    h.expectHealthy();
  });

  it('an AfterAgent hook is told the approval mode and how many continuations are left, and each run it reports is emitted', async () => {
    const seen: { approvalMode: ApprovalMode; continuationsLeft: number }[] = [];
    const h = createHarness({
      script: Array.from({ length: 4 }, () => reply('done', 'STOP')),
      settings: { approvalMode: 'auto-edit' },
      hooks: {
        afterAgent: async ({ approvalMode, continuationsLeft }) => {
          seen.push({ approvalMode, continuationsLeft });
          const hookRun: HookRun = { hook: 'before_stop', exitCode: 1, durationMs: 5, output: 'failing', sentToModel: continuationsLeft > 0 };
          return continuationsLeft > 0 ? { continue: true, additionalContext: 'tests fail', hookRun } : { hookRun };
        },
      },
    });
    expect(await h.run('q')).toBe('completed');
    expect(h.model.requests).toHaveLength(4);
    expect(texts(h.model.requests[1]!.contents.at(-1))).toEqual(['<hook_context>tests fail</hook_context>']);
    expect(seen).toEqual([3, 2, 1, 0].map((continuationsLeft) => ({ approvalMode: 'auto-edit', continuationsLeft })));
    expect(h.ofType('hook_run').map((event) => event.value.sentToModel)).toEqual([true, true, true, false]);
    h.expectHealthy();
  });

  it('a run after an edit inside a subagent reaches the session too (the Loop inspector notes it); its Stop hook is the parent\'s alone', async () => {
    const clock = createFakeClock({ mode: 'auto' });
    const model = createFakeModel(
      [
        reply(FC('task', { description: 'Write it', prompt: 'write a', tools: ['write_file'] })),
        reply(FC('write_file', { file_path: 'a.txt', content: 'x' }, 'nested-1')),
        reply(T('written'), 'STOP'),
        reply(T('Done.'), 'STOP'),
      ],
      { gatesSend: true },
    );
    const events: AgentEvent[] = [];
    let stopHooks = 0;
    let counter = 0;
    const agent = createAgent({
      model,
      tools: standardFakeTools(clock),
      spill: async () => undefined,
      store: createMemoryStore(),
      clock,
      newId: () => `id${++counter}`,
      emit: (event) => events.push(structuredClone(event)),
      requestApproval: async () => 'proceed_once',
      hooks: {
        afterTool: async ({ call }) => (call.name === 'write_file' ? { additionalContext: 'checked', hookRun: { ...afterEditRun, callId: call.callId } } : undefined),
        afterAgent: async () => {
          stopHooks++;
        },
      },
      settings: { model: 'model-a', approvalMode: 'allow-all' },
      subagents: {},
    });
    expect(await agent.run({ type: 'user_query', text: 'delegate' }, new AbortController().signal)).toBe('completed');
    expect(events.flatMap((event) => (event.type === 'hook_run' ? [event.value.callId] : []))).toEqual(['nested-1']);
    expect(stopHooks).toBe(1);
  });
});

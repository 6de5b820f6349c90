/**
 * Hooks that run a command (the person's, Settings → Hooks) tell the agent what the run did
 * (`HookDecision.hookRun`): the agent reports it as `hook_run`, keeps an AfterTool run on the
 * call's card, and gives an AfterAgent hook what it needs to decide whether to run at all.
 */
import { describe, expect, it } from 'vitest';
import type { HookRun } from '../shared/hook-run';
import { FC, reply } from './testing/fake-model';
import { createHarness, texts } from './testing/harness';
import type { ApprovalMode } from './types';

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
});

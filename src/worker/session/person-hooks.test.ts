import { describe, expect, it } from 'vitest';
import type { ApprovalMode, ToolCallView } from '../../agent/types';
import { createOfflineSandbox } from '../../sandbox/offline/offline-sandbox';
import type { ExecOptions, ExecResult, Sandbox } from '../../sandbox/types';
import { HOOK_OUTPUT_HEAD_BYTES, HOOK_OUTPUT_TAIL_BYTES, createPersonHooks, personHookCommands } from './person-hooks';
import type { PersonHookCommands } from './person-hooks';

const signal = new AbortController().signal;

function editCall(patch: Partial<ToolCallView> = {}): ToolCallView {
  return { callId: 'c1', name: 'write_file', args: { file_path: 'a.txt', content: 'x' }, kind: 'edit', summary: 'a.txt', status: 'success', index: 0, ...patch };
}

/** A clock that moves 25 ms at each look, so durations are known. */
function steppingClock() {
  let now = 1_000;
  return () => (now += 25);
}

function hooksOn(sandbox: Pick<Sandbox, 'exec'>, commands: Partial<PersonHookCommands>) {
  return createPersonHooks({ sandbox, commands: () => ({ timeoutMs: 10_000, ...commands }), now: steppingClock() });
}

const stopInput = (approvalMode: ApprovalMode = 'allow-all', continuationsLeft = 3) => ({ history: [], stopHookActive: false, approvalMode, continuationsLeft, signal });

/** A sandbox that records what it was asked to run and answers `result`. */
function recordingSandbox(result: ExecResult | (() => Promise<ExecResult>)) {
  const runs: { command: string; options: ExecOptions | undefined }[] = [];
  const sandbox: Pick<Sandbox, 'exec'> = {
    exec: async (command, options) => {
      runs.push({ command, options });
      return typeof result === 'function' ? result() : result;
    },
  };
  return { sandbox, runs };
}

describe('After each edit run', () => {
  it('runs the command in the session sandbox after a successful edit; its exit code and output join the call result', async () => {
    const sandbox = await createOfflineSandbox();
    await sandbox.writeFile('a.txt', 'hello\n');
    const hooks = hooksOn(sandbox, { afterEdit: 'cat a.txt; echo problem >&2; exit 3' });
    const decision = await hooks.afterTool({ call: editCall(), signal });
    expect(decision?.hookRun).toEqual({ hook: 'after_edit', callId: 'c1', exitCode: 3, durationMs: 25, output: 'hello\nproblem' });
    expect(decision?.additionalContext).toBe('[After each edit run, a command the person set to run after each edit: exit code 3]\nhello\nproblem');
    await sandbox.dispose();
  });

  it('runs at the workspace root under the command time limit, for edit and replace as for write_file', async () => {
    const { sandbox, runs } = recordingSandbox({ exitCode: 0, stdout: '', stderr: '' });
    const hooks = createPersonHooks({ sandbox, commands: () => ({ afterEdit: ' npm run lint ', timeoutMs: 7_000 }), now: steppingClock() });
    for (const name of ['write_file', 'edit', 'replace']) await hooks.afterTool({ call: editCall({ name }), signal });
    expect(runs.map((run) => [run.command, run.options?.cwd, run.options?.timeoutMs])).toEqual([
      ['npm run lint', '', 7_000],
      ['npm run lint', '', 7_000],
      ['npm run lint', '', 7_000],
    ]);
    expect((await hooks.afterTool({ call: editCall(), signal }))?.additionalContext).toContain('(no output)');
  });

  it('does not run after a call that failed, after a call that is not an edit, or when no command is set', async () => {
    const { sandbox, runs } = recordingSandbox({ exitCode: 0, stdout: 'ran', stderr: '' });
    const hooks = hooksOn(sandbox, { afterEdit: 'npm run lint' });
    expect(await hooks.afterTool({ call: editCall({ status: 'error' }), signal })).toBeUndefined();
    expect(await hooks.afterTool({ call: editCall({ name: 'read_file', kind: 'read' }), signal })).toBeUndefined();
    expect(await hooks.afterTool({ call: editCall({ name: 'run_shell_command', kind: 'execute' }), signal })).toBeUndefined();
    expect(await hooksOn(sandbox, { afterEdit: '   ' }).afterTool({ call: editCall(), signal })).toBeUndefined();
    expect(runs).toEqual([]);
  });

  it('caps a long output for the model, keeping its start and end, and says how much was cut', async () => {
    const long = `${'a'.repeat(5_000)}${'b'.repeat(5_000)}`;
    const { sandbox } = recordingSandbox({ exitCode: 1, stdout: long, stderr: '' });
    const run = (await hooksOn(sandbox, { afterEdit: 'lint' }).afterTool({ call: editCall(), signal }))!.hookRun!;
    const cut = long.length - HOOK_OUTPUT_HEAD_BYTES - HOOK_OUTPUT_TAIL_BYTES;
    expect(run.cutBytes).toBe(cut);
    expect(run.output.startsWith('a'.repeat(HOOK_OUTPUT_HEAD_BYTES))).toBe(true);
    expect(run.output.endsWith('b'.repeat(HOOK_OUTPUT_TAIL_BYTES))).toBe(true);
    expect(run.output).toContain(`[... ${cut} bytes omitted ...]`);
  });

  it('a command that times out or cannot start is reported in the result and never throws', async () => {
    const timedOut = recordingSandbox({ exitCode: 124, stdout: 'half', stderr: '', timedOut: true });
    const late = await hooksOn(timedOut.sandbox, { afterEdit: 'sleep 99' }).afterTool({ call: editCall(), signal });
    expect(late?.hookRun).toMatchObject({ exitCode: null, timedOut: true, output: 'half' });
    expect(late?.additionalContext).toContain(': timed out]');

    const broken = recordingSandbox(() => Promise.reject(new Error('the sandbox is gone')));
    const failed = await hooksOn(broken.sandbox, { afterEdit: 'lint' }).afterTool({ call: editCall(), signal });
    expect(failed?.hookRun).toMatchObject({ exitCode: null, failure: 'the sandbox is gone' });
    expect(failed?.additionalContext).toBe('[After each edit run, a command the person set to run after each edit: could not start]\nthe sandbox is gone');
  });
});

describe('Before stopping run', () => {
  it('a zero exit lets the run end: the run is reported, the model is not asked to go on', async () => {
    const { sandbox } = recordingSandbox({ exitCode: 0, stdout: 'all tests pass', stderr: '' });
    const decision = await hooksOn(sandbox, { beforeStop: 'npm test' }).afterAgent(stopInput());
    expect(decision).toEqual({ hookRun: { hook: 'before_stop', exitCode: 0, durationMs: 25, output: 'all tests pass' } });
  });

  it('a non-zero exit sends its output back to the model, which goes on', async () => {
    const sandbox = await createOfflineSandbox();
    const decision = await hooksOn(sandbox, { beforeStop: 'echo "2 tests failed"; exit 1' }).afterAgent(stopInput());
    expect(decision?.continue).toBe(true);
    expect(decision?.additionalContext).toContain('failed with exit code 1');
    expect(decision?.additionalContext).toContain('2 tests failed');
    expect(decision?.hookRun).toMatchObject({ hook: 'before_stop', exitCode: 1, sentToModel: true });
    await sandbox.dispose();
  });

  it('once the model went on as often as it may, a failure is reported but no longer sent', async () => {
    const { sandbox } = recordingSandbox({ exitCode: 1, stdout: 'still failing', stderr: '' });
    const decision = await hooksOn(sandbox, { beforeStop: 'npm test' }).afterAgent(stopInput('allow-all', 0));
    expect(decision).toEqual({ hookRun: { hook: 'before_stop', exitCode: 1, durationMs: 25, output: 'still failing', sentToModel: false } });
  });

  it('a time-out or a command that cannot start does not make the model go on', async () => {
    const timedOut = recordingSandbox({ exitCode: 124, stdout: '', stderr: '', timedOut: true });
    expect(await hooksOn(timedOut.sandbox, { beforeStop: 'sleep 99' }).afterAgent(stopInput())).toEqual({
      hookRun: { hook: 'before_stop', exitCode: null, durationMs: 25, timedOut: true, output: '' },
    });
    const broken = recordingSandbox(() => Promise.reject(new Error('no shell')));
    const decision = await hooksOn(broken.sandbox, { beforeStop: 'npm test' }).afterAgent(stopInput());
    expect(decision?.continue).toBeUndefined();
    expect(decision?.hookRun?.failure).toBe('no shell');
  });

  it('never runs in Plan (read-only) mode', async () => {
    const { sandbox, runs } = recordingSandbox({ exitCode: 1, stdout: '', stderr: '' });
    expect(await hooksOn(sandbox, { beforeStop: 'npm test' }).afterAgent(stopInput('plan'))).toBeUndefined();
    expect(runs).toEqual([]);
  });
});

describe('the commands', () => {
  it('are read from the settings with the command time limit', () => {
    const base = { provider: 'scripted', model: 'm', baseUrl: '', approvalMode: 'ask', stepThrough: false, loopHeuristics: false, nextSpeakerCheck: false } as const;
    expect(personHookCommands({ ...base, afterEditHook: 'lint', beforeStopHook: 'test', commandTimeLimitSeconds: 30 })).toEqual({ afterEdit: 'lint', beforeStop: 'test', timeoutMs: 30_000 });
    expect(personHookCommands(base)).toEqual({ afterEdit: undefined, beforeStop: undefined, timeoutMs: 120_000 });
  });
});

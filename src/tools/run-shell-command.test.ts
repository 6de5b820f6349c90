import { describe, expect, it } from 'vitest';
import { sleep } from '../shared/abort';
import { createBackgroundProcesses } from './background-processes';
import { createRunShellCommandTool, summarize } from './run-shell-command';
import { offlineToolContext, runTool, textOf } from './testing/offline-tool-context';

describe('run_shell_command', () => {
  it('returns the exit code and output, and streams output live', async () => {
    const { context, output } = await offlineToolContext({ 'a.txt': 'hello\n' });
    const result = await runTool(createRunShellCommandTool(), { command: 'cat a.txt; echo oops >&2; exit 3' }, context);
    expect(textOf(result)).toBe('Command: cat a.txt; echo oops >&2; exit 3\nDirectory: .\nExit code: 3\nOutput:\nhello\noops');
    expect(result.display).toEqual({ type: 'shell', command: 'cat a.txt; echo oops >&2; exit 3', output: 'hello\noops\n', exitCode: 3 });
    expect(output.join('')).toBe('hello\noops\n');
  });

  it('runs in dir_path', async () => {
    const { context } = await offlineToolContext({ 'src/a.ts': '' });
    const text = textOf(await runTool(createRunShellCommandTool(), { command: 'pwd && ls', dir_path: 'src' }, context));
    expect(text).toBe('Command: pwd && ls\nDirectory: src\nExit code: 0\nOutput:\n/workspace/src\na.ts');
  });

  it('says when there is no output', async () => {
    const { context } = await offlineToolContext();
    expect(textOf(await runTool(createRunShellCommandTool(), { command: 'true' }, context))).toBe(
      'Command: true\nDirectory: .\nExit code: 0\nOutput:\n(no output)',
    );
  });

  it('keeps the first and last 8 KB of a huge output for the model and all of it for the person', async () => {
    const { context } = await offlineToolContext({ 'big.txt': `${'a'.repeat(20_000)}\n${'z'.repeat(20_000)}\n` });
    const result = await runTool(createRunShellCommandTool(), { command: 'cat big.txt' }, context);
    const text = textOf(result);
    expect(text).toContain(`Output:\n${'a'.repeat(8192)}\n[... 23618 bytes omitted ...]\n${'z'.repeat(8191)}`);
    expect(text.length).toBeLessThan(17_000);
    expect(result.display).toMatchObject({ type: 'shell', output: `${'a'.repeat(20_000)}\n${'z'.repeat(20_000)}\n` });
  });

  it('stops a command at the timeout', async () => {
    const { context } = await offlineToolContext();
    const result = await runTool(createRunShellCommandTool({ timeoutMs: 100 }), { command: 'echo before; sleep 5; echo after' }, context);
    const text = textOf(result);
    expect(text).toMatch(/^Command: echo before; sleep 5; echo after\nDirectory: \.\nCommand timed out after 0\.1 s and was stopped\. Output before it stopped:\n/);
    expect(text.slice(text.indexOf('Output before it stopped:'))).not.toMatch(/^after$/m);
    expect(result.display).toMatchObject({ type: 'shell', exitCode: null, timedOut: true });
  });

  it('asks for its time limit per call, and its description tells the model the current one', async () => {
    const { context } = await offlineToolContext();
    let limitMs = 60_000;
    const tool = createRunShellCommandTool({ timeoutMs: () => limitMs });
    expect(tool.declaration.description).toContain('stopped after 60 s');
    limitMs = 100;
    expect(tool.declaration.description).toContain('stopped after 0 s');
    expect(textOf(await runTool(tool, { command: 'sleep 5' }, context))).toContain('Command timed out after 0.1 s and was stopped.');
  });

  it('is cancelled by the abort signal and says so', async () => {
    const { context, controller } = await offlineToolContext();
    const pending = runTool(createRunShellCommandTool(), { command: 'sleep 10' }, context);
    await sleep(50);
    const started = performance.now();
    controller.abort();
    const result = await pending;
    expect(performance.now() - started).toBeLessThan(2000);
    expect(textOf(result)).toMatch(/^Command: sleep 10\nDirectory: \.\nCommand was cancelled by the user before it completed\. Output before it stopped:/);
    expect(result.display).toMatchObject({ type: 'shell', exitCode: null });
  });

  it('does not start when already aborted', async () => {
    const { context, controller, sandbox } = await offlineToolContext();
    controller.abort();
    const result = await runTool(createRunShellCommandTool(), { command: 'touch x' }, context);
    expect(textOf(result)).toBe('Command was cancelled by the user before it started: touch x');
    expect(await sandbox.stat('x')).toBeNull();
  });

  it('starts a background process, returns at once, and reports its output on the next call', async () => {
    const background = createBackgroundProcesses();
    const tool = createRunShellCommandTool({ backgroundProcesses: background });
    const { context } = await offlineToolContext();
    const started = await runTool(tool, { command: 'echo serving; sleep 0.05; echo done', is_background: true }, context);
    const [info] = background.list();
    expect(info).toMatchObject({ command: 'echo serving; sleep 0.05; echo done', running: true });
    expect(textOf(started)).toBe(
      `Started in the background as process ${info!.id}: echo serving; sleep 0.05; echo done\n` +
        'It keeps running after this call. Its status and new output are appended to the result of your next ' +
        'run_shell_command call (for example `sleep 2`), and the person can see it in the tool card.',
    );
    expect(started.display).toEqual({ type: 'shell', command: 'echo serving; sleep 0.05; echo done', output: `Started in the background as process ${info!.id}.`, exitCode: null });
    for (let tries = 0; tries < 100 && background.get(info!.id)?.running; tries++) await sleep(10);
    const next = textOf(await runTool(tool, { command: 'echo next' }, context));
    expect(next).toBe(
      `Command: echo next\nDirectory: .\nExit code: 0\nOutput:\nnext\n\n` +
        `Background process ${info!.id} (echo serving; sleep 0.05; echo done) is exited with code 0, new output:\nserving\ndone\n`,
    );
    expect(textOf(await runTool(tool, { command: 'true' }, context))).not.toContain('Background process');
  });

  it('refuses a dir_path that does not exist or is a file', async () => {
    const { context } = await offlineToolContext({ 'a.txt': '' });
    expect((await runTool(createRunShellCommandTool(), { command: 'ls', dir_path: 'nope' }, context)).error).toEqual({
      type: 'DIRECTORY_NOT_FOUND',
      message: 'dir_path does not exist: nope',
    });
    expect((await runTool(createRunShellCommandTool(), { command: 'ls', dir_path: 'a.txt' }, context)).error).toEqual({
      type: 'PATH_IS_NOT_A_DIRECTORY',
      message: 'dir_path is a file, not a directory: a.txt',
    });
  });

  it('is read-only only for allow-listed foreground commands, and names what it may change', () => {
    const tool = createRunShellCommandTool();
    expect(tool.isReadOnly?.({ command: 'git status' })).toBe(true);
    expect(tool.isReadOnly?.({ command: 'ls', is_background: true })).toBe(false);
    expect(tool.isReadOnly?.({ command: 'npm test' })).toBe(false);
    expect(tool.affectedPaths({ command: 'ls' })).toEqual([]);
    expect(tool.affectedPaths({ command: 'rm -rf src' })).toBeNull();
  });

  it('previews the command, its directory and background flag', async () => {
    const { context } = await offlineToolContext();
    expect(await createRunShellCommandTool().preview({ command: 'npm run dev', dir_path: 'app/', is_background: true }, context)).toEqual({
      type: 'command',
      command: 'npm run dev',
      cwd: 'app',
      background: true,
    });
  });

  it('summarizes as the command', () => {
    expect(summarize({ command: 'npm test' })).toBe('npm test');
    expect(summarize({ command: 'cd app\nnpm test' })).toBe('cd app …');
  });

  it('validates the command', () => {
    const tool = createRunShellCommandTool();
    expect(tool.validate({})).toMatchObject({ ok: false, message: 'Missing required parameter "command".' });
    expect(tool.validate({ command: '  ' })).toMatchObject({ ok: false, message: 'Parameter "command": must not be empty.' });
    expect(tool.validate({ command: 'ls', is_background: 'no' })).toMatchObject({ ok: false, message: 'Parameter "is_background" must be a boolean (received "no").' });
  });
});

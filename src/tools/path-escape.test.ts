/**
 * Workspace safety (spec/reliability.md rule 11): every path-taking tool refuses paths that
 * leave the workspace, lexically (validate and execute) and through symlinks (the sandbox).
 */
import { describe, expect, it } from 'vitest';
import { createBuiltinTools } from './registry';
import { offlineToolContext } from './testing/offline-tool-context';
import type { Tool } from './types';

const ESCAPES = [
  '..',
  '../x',
  '../../etc/passwd',
  'src/../../x',
  '/etc/passwd',
  '/workspace/../etc/passwd',
  '/home/project/../../etc',
  '%2e%2e/x',
  '..%2fx',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%252e%252e%252fx',
  '..%252fx',
  '%u002e%u002e/x',
  '%c0%ae%c0%ae/x',
  '..\\x',
  '~/.ssh/id_rsa',
  'C:\\Windows',
];

const tools = createBuiltinTools();
const byName = (name: string): Tool => tools.find((tool) => tool.declaration.name === name)!;

/** Each path-taking tool with arguments that put `path` in its path parameter. */
const CALLS: Array<[string, (path: string) => Record<string, unknown>]> = [
  ['read_file', (path) => ({ file_path: path })],
  ['write_file', (path) => ({ file_path: path, content: 'x' })],
  ['edit', (path) => ({ file_path: path, old_string: '', new_string: 'x' })],
  ['list_directory', (path) => ({ dir_path: path })],
  ['glob', (path) => ({ pattern: '*', dir_path: path })],
  ['grep_search', (path) => ({ pattern: 'x', dir_path: path })],
  ['run_shell_command', (path) => ({ command: 'ls', dir_path: path })],
];

describe('paths outside the workspace', () => {
  it.each(CALLS.flatMap(([name, args]) => ESCAPES.map((path) => [name, path, args(path)] as const)))(
    '%s refuses %j in validate and in execute',
    async (name, _path, args) => {
      const tool = byName(name);
      const validation = tool.validate(args);
      expect(validation).toMatchObject({ ok: false, errorType: 'PATH_OUTSIDE_WORKSPACE' });
      const { context } = await offlineToolContext();
      const result = await tool.execute(args, context);
      expect(result.error?.type).toBe('PATH_OUTSIDE_WORKSPACE');
      expect(result.error?.message).toMatch(/^Invalid (file_path|dir_path): Path .* Paths must be inside the workspace/);
    },
  );

  it('gives a clear message', () => {
    expect(byName('read_file').validate({ file_path: '../../etc/passwd' })).toEqual({
      ok: false,
      errorType: 'PATH_OUTSIDE_WORKSPACE',
      message:
        'Invalid file_path: Path "../../etc/passwd" goes above the workspace root with "..". ' +
        'Paths must be inside the workspace: relative like "src/app.ts", or absolute under the workspace root.',
    });
  });

  it('refuses a percent-encoded path that stays inside as INVALID_PATH', () => {
    expect(byName('read_file').validate({ file_path: 'a%2fb' })).toMatchObject({ ok: false, errorType: 'INVALID_PATH' });
  });

  it.each(CALLS.map(([name, args]) => [name, args] as const))('%s refuses a symlink that leads out (ln -s /etc link)', async (name, args) => {
    const { context, sandbox } = await offlineToolContext({ 'inside.txt': 'x' });
    const linked = await sandbox.exec('ln -s /etc link');
    expect(linked.exitCode).toBe(0);
    const tool = byName(name);
    for (const path of ['link', 'link/x', 'link/passwd']) {
      const validation = tool.validate(args(path));
      expect(validation.ok).toBe(true);
      const result = await tool.execute(args(path), context);
      expect(result.error?.type, `${name} ${path}`).toBe('PATH_OUTSIDE_WORKSPACE');
      expect(result.error?.message).toContain('points outside the workspace');
    }
  });

  it('does not follow a symlink out during a recursive walk', async () => {
    const { context, sandbox } = await offlineToolContext({ 'a.txt': 'secret' });
    // /tmp is outside the workspace (the shell may still write there).
    await sandbox.exec('echo secret > /tmp/s.txt && ln -s /tmp out');
    const glob = await byName('glob').execute({ pattern: '**/*' }, context);
    expect(glob.llmContent).toBe('Found 2 files matching "**/*" in the workspace:\na.txt\nout');
    const grep = await byName('grep_search').execute({ pattern: 'secret' }, context);
    expect(grep.llmContent).toBe('Found 1 match for pattern "secret" in the workspace:\na.txt:1: secret');
  });

  it('follows a symlink that stays inside the workspace', async () => {
    const { context, sandbox } = await offlineToolContext({ 'src/real.txt': 'inside' });
    await sandbox.exec('ln -s src alias && ln -s /workspace/src/real.txt direct');
    expect((await byName('read_file').execute({ file_path: 'alias/real.txt' }, context)).llmContent).toBe('inside');
    expect((await byName('read_file').execute({ file_path: 'direct' }, context)).llmContent).toBe('inside');
    expect((await byName('run_shell_command').execute({ command: 'cat real.txt', dir_path: 'alias' }, context)).error).toBeUndefined();
  });
});

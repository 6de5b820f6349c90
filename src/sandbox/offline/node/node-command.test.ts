/**
 * `node` in the offline sandbox, end to end through the shell (just-bash) and the in-thread
 * runner (the browser uses a worker of its own; node-runner.ts): files in, output out, files
 * written back to the sandbox, exit codes, and the limits.
 */
import { describe, expect, it } from 'vitest';
import { createOfflineSandbox } from '../offline-sandbox';
import { createInThreadNodeRunner } from './node-runner';
import type { NodeRunner } from './node-runner';

const sandboxWith = (files: Record<string, string> = {}, maxRunMs?: number) =>
  createOfflineSandbox({ files, nodeRunner: createInThreadNodeRunner(maxRunMs === undefined ? {} : { maxRunMs }) });

describe('node in the offline sandbox', () => {
  it('runs a file the agent wrote, with its arguments, and says its version', async () => {
    const sandbox = await sandboxWith({ 'hello.js': 'console.log(`Hello, ${process.argv[2]}!`)' });
    expect(await sandbox.exec('node hello.js class')).toMatchObject({ exitCode: 0, stdout: 'Hello, class!\n', stderr: '' });
    expect((await sandbox.exec('node --version')).stdout).toContain('QuickJS');
  });

  it('runs -e code and prints -p expressions, from the working directory given', async () => {
    const sandbox = await sandboxWith({ 'src/data.json': '{"n": 41}' });
    expect((await sandbox.exec('node -e "console.log(require(\'./data.json\').n + 1)"', { cwd: 'src' })).stdout).toBe('42\n');
    expect((await sandbox.exec('node -p "6 * 7"')).stdout).toBe('42\n');
  });

  it('writes files into the workspace, where the shell and the sandbox see them', async () => {
    const sandbox = await sandboxWith({ 'make.js': 'const fs = require("fs"); fs.mkdirSync("out", { recursive: true }); fs.writeFileSync("out/report.txt", "done\\n");' });
    expect((await sandbox.exec('node make.js')).exitCode).toBe(0);
    expect(await sandbox.readTextFile('out/report.txt')).toBe('done\n');
    expect((await sandbox.exec('cat out/report.txt')).stdout).toBe('done\n');
  });

  it('works in pipelines and with && like any command, with its exit code', async () => {
    const sandbox = await sandboxWith({ 'fail.js': 'console.error("bad input"); process.exit(4)' });
    expect((await sandbox.exec('node -e "console.log(1); console.log(2)" | wc -l')).stdout.trim()).toBe('2');
    const failed = await sandbox.exec('node fail.js && echo never');
    expect(failed).toMatchObject({ exitCode: 4, stdout: '', stderr: 'bad input\n' });
  });

  it('reports an uncaught error and a missing file as Node does, with exit code 1', async () => {
    const sandbox = await sandboxWith({ 'boom.js': 'null.x' });
    const boom = await sandbox.exec('node boom.js');
    expect(boom.exitCode).toBe(1);
    expect(boom.stderr).toContain('TypeError');
    const missing = await sandbox.exec('node nowhere.js');
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain("Cannot find module '/workspace/nowhere.js'");
  });

  it('stops an endless loop at its time limit and says so', async () => {
    const sandbox = await sandboxWith({ 'spin.js': 'while (true) {}' }, 200);
    const result = await sandbox.exec('node spin.js');
    expect(result.exitCode).toBe(130);
  });

  it('keeps what a stopped script wrote before it was stopped, as a shell does after Ctrl+C', async () => {
    const sandbox = await sandboxWith({ 'spin.js': 'require("fs").writeFileSync("partial.txt", "line 1\\n"); while (true) {}' }, 200);
    expect((await sandbox.exec('node spin.js')).exitCode).toBe(130);
    expect(await sandbox.readTextFile('partial.txt')).toBe('line 1\n');
  });

  it('keeps what a script wrote when the time limit stops it in its own thread, though the stopped command may no longer write', async () => {
    // A runner like the browser's: the stop reaches it as the abort, and it answers with what the script wrote.
    const nodeRunner: NodeRunner = {
      run: (_request, signal, { ready }) => {
        ready();
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve({ type: 'stopped', changes: [{ path: '/workspace/partial.txt', content: 'line 1\n' }] }), { once: true }));
      },
    };
    const sandbox = await createOfflineSandbox({ nodeRunner });
    const result = await sandbox.exec('node -e "while (true) {}"', { timeoutMs: 200 });
    expect(result).toMatchObject({ exitCode: 124, timedOut: true });
    expect(await sandbox.readTextFile('partial.txt')).toBe('line 1\n');
  });

  it('answers a stopped exec only once a script that answers late has written back what it wrote', async () => {
    // just-bash answers an aborted exec on its own; the write-back must still come before the result.
    const nodeRunner: NodeRunner = {
      run: (_request, signal, { ready }) => {
        ready();
        return new Promise((resolve) =>
          signal.addEventListener('abort', () => setTimeout(() => resolve({ type: 'stopped', changes: [{ path: '/workspace/late.txt', content: 'x' }] }), 300), { once: true }),
        );
      },
    };
    const sandbox = await createOfflineSandbox({ nodeRunner });
    expect(await sandbox.exec('node -e "while (true) {}"', { timeoutMs: 100 })).toMatchObject({ timedOut: true });
    expect(await sandbox.readTextFile('late.txt')).toBe('x');
  });

  it('cannot change anything outside the workspace and /tmp', async () => {
    const sandbox = await sandboxWith();
    const result = await sandbox.exec('node -e "require(\'fs\').writeFileSync(\'/etc/x\', \'y\')"');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('EACCES');
  });

  it('offers no interactive prompt and refuses flags it does not know, saying what works', async () => {
    const sandbox = await sandboxWith();
    expect((await sandbox.exec('node')).stderr).toContain('node app.js');
    expect((await sandbox.exec('node --inspect a.js')).stderr).toContain('-e CODE');
  });
});

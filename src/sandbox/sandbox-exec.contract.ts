/** Shell half of the Sandbox contract (see sandbox.contract.ts). */
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './sandbox-contract-support';
import type { OutputChunk } from './types';

export function describeExecContract({ sandbox, capabilities }: ContractContext): void {
  describe('exec', () => {
    it('reports exit codes without rejecting', async () => {
      expect((await sandbox().exec('true')).exitCode).toBe(0);
      expect((await sandbox().exec('exit 3')).exitCode).toBe(3);
      expect((await sandbox().exec('false')).exitCode).not.toBe(0);
      const missing = await sandbox().exec('no-such-command-here');
      expect(missing.exitCode).toBe(127);
      expect(missing.stdout + missing.stderr).toMatch(/not found|no-such-command-here/);
    });

    it('keeps stdout and stderr apart where the sandbox can', async () => {
      const result = await sandbox().exec('echo to-out; echo to-err 1>&2');
      if (capabilities.separateStderr) {
        expect(result.stdout).toBe('to-out\n');
        expect(result.stderr).toBe('to-err\n');
      } else {
        expect(result.stdout).toMatch(/to-out\n[\s\S]*to-err/);
      }
    });

    it('runs in the workspace root by default and in a given cwd', async () => {
      await sandbox().mkdir('sub/dir');
      const root = (await sandbox().exec('pwd')).stdout.trim();
      expect((await sandbox().exec('pwd', { cwd: 'sub/dir' })).stdout.trim()).toBe(`${root}/sub/dir`);
      expect((await sandbox().exec('ls', { cwd: 'sub' })).stdout).toContain('dir');
    });

    it('fails, without rejecting, for a cwd that is missing or outside', async () => {
      for (const cwd of ['missing-dir', '..', '/etc']) {
        const result = await sandbox().exec('pwd', { cwd });
        expect(result.exitCode).not.toBe(0);
        expect(result.stdout).toBe('');
      }
    });

    it('sees files written through the API, and the API sees files it writes', async () => {
      await sandbox().writeFile('from-api.txt', 'api content\n');
      expect((await sandbox().exec('cat from-api.txt')).stdout).toBe('api content\n');
      expect((await sandbox().exec('mkdir -p made/by && echo shell content > made/by/shell.txt')).exitCode).toBe(0);
      expect(await sandbox().readTextFile('made/by/shell.txt')).toBe('shell content\n');
      expect(await sandbox().readDir('made')).toEqual([{ name: 'by', kind: 'directory' }]);
      expect((await sandbox().exec('rm from-api.txt')).exitCode).toBe(0);
      expect(await sandbox().stat('from-api.txt')).toBeNull();
    });

    it('stops a command at timeoutMs and says so', async () => {
      const started = Date.now();
      const result = await sandbox().exec('sleep 5; echo not-reached', { timeoutMs: 300 });
      expect(result.timedOut).toBe(true);
      expect(result.exitCode).not.toBe(0);
      expect(result.stdout).not.toContain('not-reached');
      expect(Date.now() - started).toBeLessThan(3000);
    });

    it('stops a command when the signal aborts, and at once when already aborted', async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const started = Date.now();
      const result = await sandbox().exec('sleep 5; echo not-reached', { signal: controller.signal });
      expect(result.aborted).toBe(true);
      expect(result.exitCode).not.toBe(0);
      expect(Date.now() - started).toBeLessThan(3000);
      const before = await sandbox().exec('echo never', { signal: AbortSignal.abort() });
      expect(before.aborted).toBe(true);
      expect(before.stdout).toBe('');
    });

    it('delivers output through onOutput, live where the sandbox can', async () => {
      const chunks: Array<OutputChunk & { at: number }> = [];
      const result = await sandbox().exec('echo first; sleep 1; echo second', {
        onOutput: (chunk) => chunks.push({ ...chunk, at: Date.now() }),
      });
      const ended = Date.now();
      const stdout = chunks.filter((chunk) => chunk.stream === 'stdout').map((chunk) => chunk.text).join('');
      expect(stdout.replace(/\r/g, '')).toBe(result.stdout);
      expect(result.stdout).toBe('first\nsecond\n');
      const first = chunks.find((chunk) => chunk.text.includes('first'));
      expect(first).toBeDefined();
      if (capabilities.liveOutput) expect(ended - (first?.at ?? ended)).toBeGreaterThan(500);
    });

    it('runs commands concurrently', async () => {
      const results = await Promise.all([sandbox().exec('echo one'), sandbox().exec('echo two'), sandbox().exec('exit 4')]);
      expect(results.map((result) => result.stdout.trim())).toEqual(['one', 'two', '']);
      expect(results[2]?.exitCode).toBe(4);
    });
  });

  describe('spawn', () => {
    it('runs a one-off command to its exit code', async () => {
      let output = '';
      const process = await sandbox().spawn('echo spawned; exit 2', { onOutput: (text) => (output += text) });
      expect(await process.exit).toBe(2);
      expect(output).toContain('spawned');
    });

    it('kills a long-running process', async () => {
      const process = await sandbox().spawn('sleep 30', { onOutput: () => {} });
      setTimeout(() => process.kill(), 100);
      const code = await Promise.race([process.exit, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 4000))]);
      expect(code).not.toBe('still running');
    });
  });
}

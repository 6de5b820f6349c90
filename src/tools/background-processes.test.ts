import { describe, expect, it } from 'vitest';
import type { Sandbox, SandboxProcess, SpawnOptions } from '../sandbox/types';
import { createBackgroundProcesses } from './background-processes';

/** A sandbox whose spawned processes the test drives by hand. */
function fakeSandbox() {
  const spawned: Array<{ options: SpawnOptions; finish: (code: number) => void; killed: boolean }> = [];
  const sandbox = {
    async spawn(_command: string, options: SpawnOptions): Promise<SandboxProcess> {
      let finish: (code: number) => void = () => {};
      const exit = new Promise<number>((resolve) => {
        finish = resolve;
      });
      const record = { options, finish, killed: false };
      spawned.push(record);
      options.onOutput('early\r\n');
      return { id: `p${spawned.length}`, write: () => {}, kill: () => ((record.killed = true), finish(143)), exit };
    },
  } as unknown as Sandbox;
  return { sandbox, spawned };
}

describe('background processes', () => {
  it('keeps output from before spawn resolved, with CRLF as LF, and reports news once', async () => {
    const { sandbox, spawned } = fakeSandbox();
    const registry = createBackgroundProcesses();
    const info = await registry.start(sandbox, 'npm run dev', 'app');
    expect(info).toEqual({ id: 'p1', command: 'npm run dev', cwd: 'app', running: true, exitCode: null, recentOutput: 'early\n' });
    spawned[0]!.options.onOutput('ready\n');
    expect(registry.takeReports()).toEqual([{ info: { ...info, recentOutput: 'early\nready\n' }, newOutput: 'early\nready\n' }]);
    expect(registry.takeReports()).toEqual([]);
    spawned[0]!.finish(1);
    await Promise.resolve();
    expect(registry.takeReports()).toMatchObject([{ info: { running: false, exitCode: 1 }, newOutput: '' }]);
  });

  it('keeps only the recent output', async () => {
    const { sandbox, spawned } = fakeSandbox();
    const registry = createBackgroundProcesses({ maxOutputBytes: 10 });
    await registry.start(sandbox, 'x', '');
    spawned[0]!.options.onOutput('0123456789abcdef');
    expect(registry.get('p1')?.recentOutput).toBe('6789abcdef');
  });

  it('kills one or all, and limits how many run at once', async () => {
    const { sandbox, spawned } = fakeSandbox();
    const registry = createBackgroundProcesses({ maxRunning: 2 });
    await registry.start(sandbox, 'a', '');
    await registry.start(sandbox, 'b', '');
    await expect(registry.start(sandbox, 'c', '')).rejects.toThrow('2 background processes are already running; stop one first (kill its process).');
    expect(registry.kill('p1')).toBe(true);
    expect(registry.kill('nope')).toBe(false);
    await Promise.resolve();
    expect(registry.get('p1')).toMatchObject({ running: false, exitCode: 143 });
    registry.killAll();
    expect(spawned.map((process) => process.killed)).toEqual([true, true]);
  });
});

import { describe, expect, it } from 'vitest';
import { createOfflineSandbox } from './offline-sandbox';

describe('offline shell commands read and change files only inside the workspace', () => {
  it.each([
    ['an absolute path', 'echo x > /etc/x', '/etc/x'],
    ['a way up with ..', 'cd .. && touch escaped', '/escaped'],
    ['a folder made outside', 'mkdir -p /opt/made', '/opt/made'],
    ['a symlink that leads out', 'ln -s /etc up && echo x > up/through-link', '/etc/through-link'],
    ['a copy out', 'echo x > a.txt && cp a.txt ../copied', '/copied'],
    ['a move out', 'echo x > b.txt && mv b.txt /moved', '/moved'],
  ])('refuses %s', async (_name, command, outside) => {
    const sandbox = await createOfflineSandbox();
    const result = await sandbox.exec(command);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/outside the workspace/);
    const check = await sandbox.exec(`test -e ${outside} && echo present || echo absent`);
    expect(check.stdout.trim()).toBe('absent');
  });

  it.each([
    ['a folder up with ..', 'ls ..'],
    ['a folder by absolute path', 'ls /usr'],
    ['the root folder', 'ls /'],
    ['a file outside (cat reads bytes)', 'cat /bin/ls'],
    ['a file outside through a link', 'ln -s /bin/ls here && cat here'],
  ])('refuses to read %s', async (_name, command) => {
    const sandbox = await createOfflineSandbox();
    const result = await sandbox.exec(command);
    expect(result.exitCode).not.toBe(0);
    expect(result.stdout).toBe('');
  });

  it('a move out leaves the file where it was', async () => {
    const sandbox = await createOfflineSandbox();
    await sandbox.exec('echo keep > b.txt && mv b.txt /moved');
    expect(await sandbox.readTextFile('b.txt')).toBe('keep\n');
  });

  it('works as usual inside the workspace and in /tmp', async () => {
    const sandbox = await createOfflineSandbox();
    const result = await sandbox.exec(
      'mkdir -p src/deep && echo hi > src/deep/a.txt && cp src/deep/a.txt b.txt && mv b.txt c.txt && echo t > /tmp/t && cat /tmp/t && echo done > /dev/null && ls',
    );
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('t\n');
    expect(await sandbox.readTextFile('c.txt')).toBe('hi\n');
    expect((await sandbox.readDir('')).map((entry) => entry.name).sort()).toEqual(['c.txt', 'src']);
  });
});

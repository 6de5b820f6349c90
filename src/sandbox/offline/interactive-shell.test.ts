import { describe, expect, it } from 'vitest';
import type { SandboxProcess } from '../types';
import { createOfflineSandbox } from './offline-sandbox';

async function openShell(): Promise<{ shell: SandboxProcess; screen: () => string; until: (text: string) => Promise<void> }> {
  const sandbox = await createOfflineSandbox({ files: { 'sub/inner.txt': 'inner' } });
  let output = '';
  const shell = await sandbox.spawn('bash', { onOutput: (text) => (output += text), terminal: { columns: 80, rows: 24 } });
  async function until(text: string): Promise<void> {
    for (let attempt = 0; attempt < 200 && !output.includes(text); attempt++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(output).toContain(text);
  }
  return { shell, screen: () => output, until };
}

describe('offline interactive shell', () => {
  it('prints a prompt, echoes typing and runs a line on Enter', async () => {
    const { shell, screen, until } = await openShell();
    expect(screen()).toBe('/workspace $ ');
    shell.write('echo hi');
    expect(screen()).toBe('/workspace $ echo hi');
    shell.write('\r');
    await until('hi\r\n/workspace $ ');
    expect(screen()).toBe('/workspace $ echo hi\r\nhi\r\n/workspace $ ');
  });

  it('handles backspace', async () => {
    const { shell, screen, until } = await openShell();
    shell.write('echo abX\u007fc\r');
    await until('abc\r\n');
    expect(screen()).toContain('\b \b');
  });

  it('clears the line on Ctrl+C', async () => {
    const { shell, screen, until } = await openShell();
    shell.write('echo never\u0003echo after\r');
    await until('after\r\n');
    expect(screen()).toContain('^C\r\n');
    expect(screen()).not.toContain('never\r\n');
  });

  it('stops a running command on Ctrl+C', async () => {
    const { shell, until } = await openShell();
    shell.write('sleep 30\r');
    await new Promise((resolve) => setTimeout(resolve, 50));
    shell.write('\u0003');
    await until('^C\r\n/workspace $ ');
  });

  it('keeps the working directory and variables from line to line', async () => {
    const { shell, until } = await openShell();
    shell.write('cd sub\r');
    await until('/workspace/sub $ ');
    shell.write('cat inner.txt\r');
    await until('inner\r\n');
    shell.write('export GREETING=hello\r');
    shell.write('echo $GREETING-there\r');
    await until('hello-there');
  });

  it('runs typed-ahead and pasted lines in order', async () => {
    const { shell, until, screen } = await openShell();
    shell.write('echo one\recho two\r\necho three\r');
    await until('three\r\n');
    expect(screen().indexOf('one\r\n')).toBeLessThan(screen().indexOf('two\r\n'));
    expect(screen().indexOf('two\r\n')).toBeLessThan(screen().indexOf('three\r\n'));
  });

  it('ignores arrow keys and exits on exit or Ctrl+D', async () => {
    const { shell, screen } = await openShell();
    shell.write('\u001b[A\u001b[Dexit 5\r');
    expect(await shell.exit).toBe(5);
    expect(screen()).not.toContain('\u001b');
    const second = await openShell();
    second.shell.write('\u0004');
    expect(await second.shell.exit).toBe(0);
  });

  it('ends on kill', async () => {
    const { shell } = await openShell();
    shell.kill();
    expect(await shell.exit).toBe(143);
  });
});

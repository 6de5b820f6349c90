/** The person's terminal: a shell still being spawned when its session is left never runs on into the next one. */
import { describe, expect, it } from 'vitest';
import type { Sandbox, SandboxProcess, SpawnOptions } from '../../sandbox/types';
import { createTerminalHost } from './terminal';

function slowSpawningSandbox() {
  let deliver: (process: SandboxProcess) => void = () => undefined;
  let onOutput: (text: string) => void = () => undefined;
  const killed: string[] = [];
  const sandbox = {
    kind: 'offline',
    spawn: (_command: string, options: SpawnOptions) => {
      onOutput = options.onOutput;
      return new Promise<SandboxProcess>((resolve) => (deliver = resolve));
    },
  } as unknown as Sandbox;
  const shell: SandboxProcess = { id: 'shell', write: () => undefined, kill: () => void killed.push('shell'), exit: new Promise<number>(() => undefined) };
  return { sandbox, arrive: () => deliver(shell), output: (text: string) => onOutput(text), killed };
}

describe('the terminal', () => {
  it('kills a shell that arrives after the terminal was disposed, and passes on none of its output', async () => {
    const fake = slowSpawningSandbox();
    const output: string[] = [];
    const host = createTerminalHost(fake.sandbox, { output: (text) => output.push(text), exit: () => undefined, settled: () => undefined });
    const starting = host.start(80, 24);
    host.dispose(); // the session is left while the shell is still being spawned
    fake.arrive();
    await starting;
    fake.output('$ ');
    expect(fake.killed).toEqual(['shell']);
    expect(output).toEqual([]);
  });
});

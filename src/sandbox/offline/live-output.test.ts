/** node and python3 alone on a line stream their output to the exec's onOutput as it comes; nothing is reported twice. */
import { describe, expect, it } from 'vitest';
import type { OutputChunk } from '../types';
import type { NodeRunRequest } from './node/node-protocol';
import type { NodeRunner } from './node/node-runner';
import { createInThreadNodeRunner } from './node/node-runner';
import { streamsLive } from './live-output';
import { createOfflineSandbox } from './offline-sandbox';

/** A runner that writes "a", then waits, then "b": the test sees whether "a" arrives before the end. */
function slowRunner(seen: { envs: Record<string, string>[] }): NodeRunner {
  return {
    async run(request: NodeRunRequest, _signal, { out, ready }) {
      ready();
      seen.envs.push(request.run.env);
      out(1, 'a\n');
      await new Promise((resolve) => setTimeout(resolve, 80));
      out(2, 'warning\n');
      out(1, 'b\n');
      return { type: 'done', result: { exitCode: 0 }, changes: [] };
    },
  };
}

describe('live output of scripts', () => {
  it('reaches onOutput while the script runs, and the end reports nothing again', async () => {
    const seen = { envs: [] as Record<string, string>[] };
    const sandbox = await createOfflineSandbox({ nodeRunner: slowRunner(seen) });
    const chunks: OutputChunk[] = [];
    let ended = false;
    const running = sandbox.exec('node app.js', { onOutput: (chunk) => chunks.push(chunk) }).then((result) => ((ended = true), result));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(ended).toBe(false);
    expect(chunks).toEqual([{ stream: 'stdout', text: 'a\n' }]);
    const result = await running;
    expect(result).toMatchObject({ exitCode: 0, stdout: 'a\nb\n', stderr: 'warning\n' });
    expect(chunks.map((chunk) => chunk.text).join('')).toBe('a\nwarning\nb\n');
    // The tap's name is not part of the script's environment.
    expect(Object.keys(seen.envs[0]!)).not.toContain('LOOPSCOPE_LIVE_OUTPUT');
  });

  it('in a pipeline the output goes through the pipe and is reported once, at the end', async () => {
    const sandbox = await createOfflineSandbox({ nodeRunner: createInThreadNodeRunner() });
    const chunks: OutputChunk[] = [];
    const result = await sandbox.exec('node -e "console.log(1); console.log(22)" | grep 22', { onOutput: (chunk) => chunks.push(chunk) });
    expect(result.stdout).toBe('22\n');
    expect(chunks).toEqual([{ stream: 'stdout', text: '22\n' }]);
  });

  it('a real node run streams each line once', async () => {
    const sandbox = await createOfflineSandbox({ nodeRunner: createInThreadNodeRunner() });
    const chunks: OutputChunk[] = [];
    await sandbox.exec('node -e "console.log(1); console.error(2); console.log(3)"', { onOutput: (chunk) => chunks.push(chunk) });
    expect(chunks).toEqual([
      { stream: 'stdout', text: '1\n' },
      { stream: 'stderr', text: '2\n' },
      { stream: 'stdout', text: '3\n' },
    ]);
  });

  it('streams only a single script command', () => {
    for (const command of ['node a.js', ' python3 -c "print(1)"', 'python app.py x y', 'node', 'node -e "a(); b() | c"', "python3 -c 'x; y > z'"]) expect(streamsLive(command)).toBe(true);
    for (const command of ['node a.js | cat', 'node a.js > out', 'node a.js && echo', 'node $(echo a.js)', 'node "$(echo a.js)"', 'nodemon a.js', 'echo node a.js', 'node a.js; ls', 'node -e "x" | cat']) {
      expect(streamsLive(command)).toBe(false);
    }
  });
});

describe('live output in the Terminal', () => {
  it('prints a script\'s output while it runs, once, and the prompt after it', async () => {
    const sandbox = await createOfflineSandbox({ nodeRunner: slowRunner({ envs: [] }) });
    let screen = '';
    const shell = await sandbox.spawn('bash', { onOutput: (text) => (screen += text), terminal: { columns: 80, rows: 24 } });
    shell.write('node app.js\r');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(screen).toBe('/workspace $ node app.js\r\na\r\n');
    for (let attempt = 0; attempt < 100 && !screen.endsWith('$ ') ; attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen).toBe('/workspace $ node app.js\r\na\r\nwarning\r\nb\r\n/workspace $ ');
    // The tap's name is not carried to the next line.
    shell.write('echo "[$LOOPSCOPE_LIVE_OUTPUT]"\r');
    for (let attempt = 0; attempt < 100 && !screen.includes('[]'); attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen).toContain('[]\r\n');
  });
});

/** A python3 whose engine takes `loadMs` to load (as Pyodide's first load does), then prints and spins until stopped, like the real thread. */
function slowLoadingRunner(loadMs: number): NodeRunner {
  return {
    async run(_request, signal, { out, ready }) {
      await new Promise((resolve) => setTimeout(resolve, loadMs));
      // The real thread reads the interrupt flag as the script starts: a stop during the load leaves no output.
      if (signal.aborted) return { type: 'stopped' };
      ready();
      out(1, 'looping\n');
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      return { type: 'stopped', changes: [] };
    },
  };
}

describe('the command time limit and a script engine that loads slowly', () => {
  it('does not count the engine load: a script whose engine loads longer than the limit still runs, and what it printed reaches the result', async () => {
    const sandbox = await createOfflineSandbox({ nodeRunner: slowLoadingRunner(300) });
    const chunks: OutputChunk[] = [];
    const started = performance.now();
    const result = await sandbox.exec('node spin.js', { timeoutMs: 150, onOutput: (chunk) => chunks.push(chunk) });
    expect(result.timedOut).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join('')).toContain('looping');
    // The script itself had its 150 ms after the 300 ms load.
    expect(performance.now() - started).toBeGreaterThanOrEqual(440);
  });
});

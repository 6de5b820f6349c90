import { afterEach, describe, expect, it } from 'vitest';
import type { NodeContainer } from './testing/node-container';
import { createNodeContainer } from './testing/node-container';
import { createWebContainerSandbox } from './webcontainer-sandbox';

let container: NodeContainer | undefined;

afterEach(async () => {
  await container?.destroy();
  container = undefined;
});

async function setup(): Promise<{ container: NodeContainer; sandbox: ReturnType<typeof createWebContainerSandbox> }> {
  container = await createNodeContainer();
  return { container, sandbox: createWebContainerSandbox(container) };
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 400 && !check(); attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe('WebContainer adapter processes', () => {
  it('forwards server-ready until unsubscribed', async () => {
    const { container, sandbox } = await setup();
    const seen: string[] = [];
    const unsubscribe = sandbox.onServerReady((port, url) => seen.push(`${port} ${url}`));
    container.emitServerReady(5173, 'https://preview.example');
    unsubscribe();
    container.emitServerReady(3000, 'https://other.example');
    expect(seen).toEqual(['5173 https://preview.example']);
  });

  it('drops its listeners on dispose', async () => {
    const { container, sandbox } = await setup();
    let calls = 0;
    sandbox.onServerReady(() => calls++);
    await sandbox.dispose();
    container.emitServerReady(5173, 'https://preview.example');
    expect(calls).toBe(0);
  });

  it('runs an interactive shell that reads its input', async () => {
    const { sandbox } = await setup();
    let output = '';
    const shell = await sandbox.spawn('jsh', { onOutput: (text) => (output += text), terminal: { columns: 80, rows: 24 } });
    shell.write('echo from-shell\n');
    await waitFor(() => output.includes('from-shell'));
    shell.write('exit 7\n');
    expect(await shell.exit).toBe(7);
  });

  it('starts spawned processes in the given cwd and refuses one outside', async () => {
    const { sandbox } = await setup();
    await sandbox.mkdir('app');
    let output = '';
    const process = await sandbox.spawn('pwd', { cwd: 'app', onOutput: (text) => (output += text) });
    expect(await process.exit).toBe(0);
    expect(output.trim().endsWith('/app')).toBe(true);
    await expect(sandbox.spawn('pwd', { cwd: '../', onOutput: () => {} })).rejects.toMatchObject({ kind: 'sandbox' });
  });

  it('kills running processes on dispose', async () => {
    const { sandbox } = await setup();
    const process = await sandbox.spawn('sleep 30', { onOutput: () => {} });
    await sandbox.dispose();
    const code = await Promise.race([process.exit, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 4000))]);
    expect(code).not.toBe('still running');
  });

  it('cleans terminal control codes out of exec results but streams them raw', async () => {
    const { sandbox } = await setup();
    let raw = '';
    const result = await sandbox.exec("printf '\\033[32mok\\033[0m\\r\\n'", { onOutput: (chunk) => (raw += chunk.text) });
    expect(result.stdout).toBe('ok\n');
    expect(raw).toContain('\u001b[32m');
  });
});

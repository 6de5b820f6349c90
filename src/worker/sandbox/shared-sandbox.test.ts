/**
 * Two sessions in turn on one WebContainer sandbox (the Node double, reached over a real
 * MessageChannel as the worker reaches the page's container): what the first session left in
 * the temporary folder is gone when the next one starts.
 */
import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { FC, T, createFakeModel, reply } from '../../agent/testing/fake-model';
import type { NodeContainer } from '../../sandbox/webcontainer/testing/node-container';
import { createNodeContainer } from '../../sandbox/webcontainer/testing/node-container';
import { createWebContainerSandbox } from '../../sandbox/webcontainer/webcontainer-sandbox';
import { connectSandbox, serveSandbox } from './sandbox-port';
import { clearForNextSession } from './shared-sandbox';
import { TEST_SETTINGS, createControllerHarness } from '../testing/controller-harness';

const containers: NodeContainer[] = [];
const channels: MessageChannel[] = [];
afterAll(async () => {
  for (const channel of channels) channel.port1.close();
  for (const container of containers) await container.destroy();
});

async function pageContainer() {
  const container = await createNodeContainer();
  containers.push(container);
  const channel = new MessageChannel();
  channels.push(channel);
  serveSandbox(channel.port1 as unknown as MessagePort, createWebContainerSandbox(container));
  return connectSandbox(channel.port2 as unknown as MessagePort, 'webcontainer');
}

const shell = (command: string) => reply(FC('run_shell_command', { command }), 'STOP');

describe('sessions taking turns on one WebContainer', () => {
  it('clears the temporary folder the last session wrote to before the next one starts', async () => {
    const sandbox = await pageContainer();
    const model = createFakeModel([
      shell('echo from A > "$TMPDIR/left-by-a.txt" && mkdir -p "$TMPDIR/a-dir" && echo x > "$TMPDIR/a-dir/x" && ls "$TMPDIR"'),
      reply(T('A wrote its temporary files.'), 'STOP'),
      shell('ls -A "$TMPDIR"; cat "$TMPDIR/left-by-a.txt"'),
      reply(T('B looked.'), 'STOP'),
    ]);
    const harness = createControllerHarness({
      databaseName: 'shared-sandbox-0',
      model,
      settings: { ...TEST_SETTINGS, approvalMode: 'allow-all' },
      acquireSandbox: () => clearForNextSession(sandbox),
    });
    await harness.init();
    await harness.send({ type: 'send', sessionId: null, text: 'write temporary files' });
    await harness.controller.idle();
    const inA = harness.calls().find((call) => call.status === 'success');
    expect(inA?.resultText).toContain('left-by-a.txt');

    await harness.send({ type: 'new-session' });
    await harness.send({ type: 'send', sessionId: null, text: 'look for them' });
    await harness.controller.idle();
    const inB = harness.calls().filter((call) => call.status !== 'executing' && call.status !== 'scheduled').at(-1);
    expect(inB?.resultText).toMatch(/No such file/);
    expect(inB?.resultText).not.toContain('from A');
    expect(inB?.resultText).not.toContain('a-dir');
    harness.db.close();
  });

  it('leaves the workspace and the temporary folder empty, through the page port', async () => {
    const sandbox = await pageContainer();
    await sandbox.writeFile('kept.txt', 'from the last session');
    expect((await sandbox.exec('echo t > "$TMPDIR/t.txt" && ls "$TMPDIR"')).stdout).toContain('t.txt');
    await clearForNextSession(sandbox);
    expect(await sandbox.readDir('')).toEqual([]);
    expect((await sandbox.exec('ls -A "$TMPDIR" | wc -l')).stdout.trim()).toBe('0');
  });
});

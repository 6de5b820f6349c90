/**
 * The sandbox RPC passes the same contract as the sandboxes themselves: here the offline
 * sandbox is served on one end of a real MessageChannel and used from the other, as the
 * worker uses WebContainer on the UI thread.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createOfflineSandbox } from '../../sandbox/offline/offline-sandbox';
import { runSandboxContract } from '../../sandbox/sandbox.contract';
import type { Sandbox } from '../../sandbox/types';
import { connectSandbox, serveSandbox } from './sandbox-port';

const channels: MessageChannel[] = [];

async function remoteOfflineSandbox(): Promise<Sandbox> {
  const inner = await createOfflineSandbox();
  const channel = new MessageChannel();
  channels.push(channel);
  const stop = serveSandbox(channel.port1 as unknown as MessagePort, inner);
  const remote = connectSandbox(channel.port2 as unknown as MessagePort, 'offline');
  return {
    ...remote,
    async dispose() {
      await remote.dispose();
      stop();
      await inner.dispose();
    },
  };
}

afterAll(() => {
  for (const channel of channels) {
    channel.port1.close();
    channel.port2.close();
  }
});

runSandboxContract('offline sandbox through the message port', remoteOfflineSandbox, { separateStderr: true, liveOutput: false });

describe('sandbox port', () => {
  it('runs an interactive shell across the port', async () => {
    const sandbox = await remoteOfflineSandbox();
    let output = '';
    const shell = await sandbox.spawn('bash', { onOutput: (text) => (output += text), terminal: { columns: 80, rows: 24 } });
    shell.write('echo across-the-port\r');
    await expect.poll(() => output, { timeout: 5000 }).toContain('across-the-port');
    shell.kill();
    await sandbox.dispose();
  });
});

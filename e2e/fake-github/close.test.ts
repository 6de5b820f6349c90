/**
 * The fakes' close() ends at once even while a connection is open with no request on it (a
 * browser's preconnect): before, fake GitHub's close waited for Node's 60 s headers timeout,
 * and an end-to-end test's teardown ran out of time.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startFakeGitHub } from './server.mjs';
import { startFakeWeb } from '../fake-web/server.mjs';
import { startFakeMcp } from '../fake-mcp/server.mjs';

async function openIdleSocket(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  await new Promise<void>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve());
    socket.on('error', reject);
  });
}

describe('the fake servers close with a preconnected socket open', () => {
  it.each([
    ['GitHub', async () => startFakeGitHub()],
    ['web', async () => startFakeWeb()],
    ['MCP', async () => startFakeMcp()],
  ])('%s', async (_name, start) => {
    const fake = await start();
    await openIdleSocket(fake.url);
    const started = Date.now();
    await fake.close();
    expect(Date.now() - started).toBeLessThan(2_000);
  }, 10_000);
});

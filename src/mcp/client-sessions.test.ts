/**
 * The MCP client's calls and sessions against a real server (the SDK's own: e2e/fake-mcp):
 * no cancellation after a finished call, progress, a session the server forgot, tools that need
 * MCP tasks, a web page where the server should be, the plain-http rule, and ending sessions.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFakeMcp } from '../../e2e/fake-mcp/server.mjs';
import type { FakeMcp } from '../../e2e/fake-mcp/server.mjs';
import type { ToolProgress } from '../shared/tool-display';
import { connectMcpServer } from './client';
import type { McpConnection } from './client';

let fake: FakeMcp | undefined;
let connection: McpConnection | undefined;
afterEach(async () => {
  await connection?.close();
  await fake?.close();
  fake = undefined;
  connection = undefined;
});

async function connect(options: Parameters<typeof startFakeMcp>[0]): Promise<McpConnection> {
  fake = await startFakeMcp(options);
  const made = await connectMcpServer({ name: 'calc', url: fake.url }, () => {});
  if (!made.ok) throw new Error(made.error.message);
  connection = made.value;
  return made.value;
}

const cancelled = () => fake!.methods().filter((method) => method === 'notifications/cancelled').length;

describe('an MCP call', () => {
  it('sends no notifications/cancelled for a call that finished, even when its signal is aborted afterwards', async () => {
    const mcp = await connect({ stateful: true });
    for (let index = 0; index < 3; index++) {
      const signal = new AbortController();
      expect(await mcp.call('add', { a: index, b: 1 }, signal.signal)).toMatchObject({ ok: true });
      signal.abort(); // as the tool runner does after every call
    }
    // A later request goes out after any notification the aborts would have sent.
    expect(await mcp.call('add', { a: 1, b: 1 }, new AbortController().signal)).toMatchObject({ ok: true });
    expect(fake!.methods().filter((method) => method === 'tools/call')).toHaveLength(4);
    expect(cancelled()).toBe(0);
  });

  it('sends notifications/cancelled when stopped while the server is still working, and ends with one error result', async () => {
    const mcp = await connect({ stateful: true, extras: true });
    const stop = new AbortController();
    const pending = mcp.call('wait', {}, stop.signal);
    await expect.poll(() => fake!.methods().filter((method) => method === 'tools/call').length).toBe(1);
    stop.abort(new Error('Stopped by the person.'));
    const outcome = await pending;
    expect(outcome.ok).toBe(false);
    await expect.poll(() => cancelled()).toBe(1);
  });

  it("keeps at most 200 characters of a server's progress message", async () => {
    const mcp = await connect({ stateful: true, extras: true });
    const heard: ToolProgress[] = [];
    await mcp.call('steps', { count: 1, note: 'z'.repeat(5_000) }, new AbortController().signal, (progress) => heard.push(progress));
    expect(heard).toHaveLength(1);
    expect(heard[0]!.message).toBe(`Step 1${'z'.repeat(194)}`);
  });

  it('asks for progress and hears each notification while the call runs', async () => {
    const mcp = await connect({ stateful: true, extras: true });
    const heard: ToolProgress[] = [];
    const outcome = await mcp.call('steps', { count: 3 }, new AbortController().signal, (progress) => heard.push(progress));
    expect(outcome).toEqual({ ok: true, value: { content: [{ type: 'text', text: 'Counted 3 steps.' }], failed: false } });
    expect(heard).toEqual([
      { progress: 1, total: 3, message: 'Step 1' },
      { progress: 2, total: 3, message: 'Step 2' },
      { progress: 3, total: 3, message: 'Step 3' },
    ]);
  });
});

describe('a session the server no longer knows', () => {
  it.each([404, 400] as const)('(answered %i) is opened anew once and the call retried, so it succeeds', async (status) => {
    const mcp = await connect({ stateful: true });
    expect(await mcp.call('add', { a: 1, b: 2 }, new AbortController().signal)).toMatchObject({ ok: true });
    fake!.forgetSessions(status);
    const initializes = fake!.methods().filter((method) => method === 'initialize').length;
    const outcome = await mcp.call('add', { a: 2, b: 2 }, new AbortController().signal);
    expect(outcome).toEqual({ ok: true, value: { content: [{ type: 'text', text: 'The sum is 4.' }], failed: false } });
    expect(fake!.methods().filter((method) => method === 'initialize').length).toBe(initializes + 1);
    expect(fake!.calls()).toEqual([
      { tool: 'add', args: { a: 1, b: 2 } },
      { tool: 'add', args: { a: 2, b: 2 } },
    ]);
  });

  it('that cannot be opened again: one attempt, and a plain message saying what to do', async () => {
    const mcp = await connect({ stateful: true });
    fake!.forgetSessions(400);
    fake!.refuseNewSessions();
    const initializes = fake!.methods().filter((method) => method === 'initialize').length;
    const outcome = await mcp.call('add', { a: 1, b: 1 }, new AbortController().signal);
    expect(outcome.ok).toBe(false);
    const message = outcome.ok ? '' : outcome.error.message;
    expect(message).toContain('no longer knew this session (it may have restarted), and a new session could not be opened');
    expect(message).toContain('press Connect in Settings → Tools and servers');
    expect(message).not.toContain('No valid session');
    expect(fake!.methods().filter((method) => method === 'initialize').length).toBe(initializes + 1);
    expect(fake!.calls()).toEqual([]);
  });
});

describe('what the client says and does besides calls', () => {
  it('leaves out a tool that needs MCP tasks (execution.taskSupport "required"), saying why', async () => {
    const mcp = await connect({ extras: true });
    const research = mcp.tools().find((tool) => tool.name === 'research');
    expect(research?.unsupported).toMatch(/MCP tasks/);
    expect(mcp.tools().find((tool) => tool.name === 'steps')?.unsupported).toBeUndefined();
  });

  it('says an address that answers with a web page is not an MCP server, without the page', async () => {
    const site = createServer((_request, response) => {
      response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end('<!DOCTYPE html><html><body><pre>Cannot POST /</pre></body></html>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const made = await connectMcpServer({ name: 'site', url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/` }, () => {});
      expect(made).toMatchObject({ ok: false, error: { kind: 'protocol' } });
      const message = made.ok ? '' : made.error.message;
      expect(message).toContain('answered with a web page (HTTP 404), not an MCP server');
      expect(message).toContain('/mcp');
      expect(message).not.toContain('<');
    } finally {
      site.closeAllConnections();
      await new Promise((resolve) => site.close(resolve));
    }
  });

  it('refuses plain http to another computer, naming the rule, and allows it to [::1]', async () => {
    for (const url of ['http://192.168.1.20:3001/mcp', 'http://mcp.example.com/mcp']) {
      const made = await connectMcpServer({ name: 'lan', url }, () => {});
      expect(made).toMatchObject({ ok: false, error: { kind: 'insecure' } });
      expect(made.ok ? '' : made.error.message).toContain('Plain http is allowed only to this computer (localhost, 127.0.0.1, [::1]); use https:// for');
    }
    // [::1] passes the rule: what follows is the network's answer (nothing listens on port 9 here).
    const loopback = await connectMcpServer({ name: 'v6', url: 'http://[::1]:9/mcp' }, () => {});
    expect(loopback).toMatchObject({ ok: false, error: { kind: 'unreachable' } });
  });

  it('requests an address on http://[::1] as http://localhost, same port and path (the CSP cannot name [::1])', async () => {
    const asked: string[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      asked.push(input instanceof Request ? input.url : String(input));
      throw new TypeError('fetch failed');
    });
    try {
      await connectMcpServer({ name: 'v6', url: 'http://[::1]:3001/mcp' }, () => {});
    } finally {
      spy.mockRestore();
    }
    expect(asked.length).toBeGreaterThan(0);
    for (const url of asked) expect(url).toBe('http://localhost:3001/mcp');
  });

  it('ends the session with DELETE when closed', async () => {
    const mcp = await connect({ stateful: true });
    await mcp.call('add', { a: 1, b: 1 }, new AbortController().signal);
    await mcp.close();
    connection = undefined;
    expect(fake!.deletes()).toEqual(['session-1']);
  });
});

/** The worker's MCP servers: the settings' servers connect and offer their enabled tools; changes follow. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFakeMcp } from '../../../e2e/fake-mcp/server.mjs';
import type { FakeMcp } from '../../../e2e/fake-mcp/server.mjs';
import { createMcpHub } from './mcp-hub';

let fake: FakeMcp | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const names = (hub: ReturnType<typeof createMcpHub>) => hub.tools().map((tool) => tool.declaration.name).sort();

describe('the MCP hub', () => {
  it('offers a configured server\'s tools but those turned off, follows the server\'s list, and drops a server removed', async () => {
    fake = await startFakeMcp({ stateful: true });
    const hub = createMcpHub();
    const server = { id: 's1', name: 'calc', url: fake.url, disabledTools: ['broken', 'report'] };
    hub.configure([server]);
    await expect.poll(() => names(hub)).toEqual(['calc__add', 'calc__lookup']);
    hub.configure([{ ...server, disabledTools: ['broken', 'report', 'lookup'] }]);
    expect(names(hub)).toEqual(['calc__add']);
    fake.addTool('echo');
    await expect.poll(() => names(hub)).toEqual(['calc__add', 'calc__echo']);
    hub.configure([]);
    expect(names(hub)).toEqual([]);
  });

  it('offers what the server lists now, not the list Settings kept from an older Connect, and a tool turned off there later is left out without connecting again', async () => {
    fake = await startFakeMcp({ stateful: true });
    const hub = createMcpHub();
    const server = { id: 's1', name: 'calc', url: fake.url, disabledTools: [], tools: [{ name: 'add', description: '' }, { name: 'gone', description: '' }] };
    hub.configure([server]);
    await expect.poll(() => names(hub)).toEqual(['calc__add', 'calc__broken', 'calc__lookup', 'calc__report']);
    fake.addTool('echo');
    await expect.poll(() => names(hub)).toContain('calc__echo');
    hub.configure([{ ...server, disabledTools: ['lookup'] }]);
    expect(names(hub)).toEqual(['calc__add', 'calc__broken', 'calc__echo', 'calc__report']);
    expect(hub.whyMissing('calc__lookup')).toContain('turned off');
  });

  it('never offers a tool that needs MCP tasks, and tells the model why if it calls it anyway', async () => {
    fake = await startFakeMcp({ extras: true });
    const hub = createMcpHub();
    hub.configure([{ id: 's1', name: 'calc', url: fake.url, disabledTools: [] }]);
    await expect.poll(() => names(hub)).toContain('calc__steps');
    expect(names(hub)).not.toContain('calc__research');
    expect(hub.whyMissing('calc__research')).toContain('needs MCP tasks');
    const listed = await hub.connect({ id: 'new', name: 'calc', url: fake.url, disabledTools: [] });
    expect(listed.ok && listed.value.find((tool) => tool.name === 'research')?.unsupported).toContain('MCP tasks');
  });

  it('ends a removed server\'s session (DELETE), and the old session when its address changes', async () => {
    fake = await startFakeMcp({ stateful: true });
    const hub = createMcpHub();
    const server = { id: 's1', name: 'calc', url: fake.url, disabledTools: [] };
    hub.configure([server]);
    await expect.poll(() => names(hub)).toContain('calc__add');
    hub.configure([{ ...server, url: `${fake.url}?v=2` }]);
    await expect.poll(() => fake!.deletes()).toEqual(['session-1']);
    await expect.poll(() => names(hub)).toContain('calc__add');
    hub.configure([]);
    await expect.poll(() => fake!.deletes()).toEqual(['session-1', 'session-2']);
  });

  it('a server turned off is not connected (its session ended) and its tools are named as turned off; turned on again it connects', async () => {
    fake = await startFakeMcp({ stateful: true });
    const hub = createMcpHub();
    const server = { id: 's1', name: 'calc', url: fake.url, disabledTools: [] };
    hub.configure([server]);
    await expect.poll(() => names(hub)).toContain('calc__add');
    hub.configure([{ ...server, enabled: false }]);
    expect(names(hub)).toEqual([]);
    await expect.poll(() => fake!.deletes()).toEqual(['session-1']);
    expect(hub.whyMissing('calc__add')).toContain('turned off in Settings');
    hub.configure([{ ...server, enabled: true }]);
    await expect.poll(() => names(hub)).toContain('calc__add');
    expect(hub.whyMissing('calc__add')).toBeUndefined();
  });

  it('tells which sessions are open as they open and close, with the token, for the page to end when it closes', async () => {
    fake = await startFakeMcp({ stateful: true });
    const told: unknown[] = [];
    const hub = createMcpHub(undefined, (sessions) => told.push(sessions));
    hub.configure([{ id: 's1', name: 'calc', url: fake.url, token: 't', disabledTools: [] }]);
    await expect.poll(() => told.length).toBe(1);
    expect(told[0]).toEqual([{ url: fake.url, sessionId: 'session-1', protocolVersion: expect.any(String), token: 't' }]);
    hub.configure([]);
    expect(told.at(-1)).toEqual([]);
  });

  it('tells the page to end a session on http://[::1] at http://localhost (the CSP cannot name [::1])', async () => {
    const connection = { tools: () => [], check: () => null, call: async () => ({ ok: false as const, error: { kind: 'unreachable' as const, message: '' } }), session: () => ({ sessionId: 'v6' }), close: async () => {} };
    const told: unknown[] = [];
    const hub = createMcpHub(async () => ({ connectMcpServer: async () => ({ ok: true as const, value: connection }) }), (sessions) => told.push(sessions));
    hub.configure([{ id: 's1', name: 'v6', url: 'http://[::1]:3001/mcp', disabledTools: [] }]);
    await expect.poll(() => told.length).toBe(1);
    expect(told[0]).toEqual([{ url: 'http://localhost:3001/mcp', sessionId: 'v6' }]);
  });

  it('a run starting the moment the settings name a server waits until it is connected, so its tools are offered at once', async () => {
    fake = await startFakeMcp();
    const hub = createMcpHub();
    hub.configure([{ id: 's1', name: 'calc', url: fake.url, disabledTools: [] }]);
    expect(names(hub)).toEqual([]);
    await hub.settled(5_000);
    expect(names(hub)).toContain('calc__add');
  });

  it('does not wait longer than asked for a server that does not answer', async () => {
    vi.useFakeTimers();
    try {
      const hub = createMcpHub(() => new Promise(() => {}));
      hub.configure([{ id: 's1', name: 'slow', url: 'https://mcp.example/mcp', disabledTools: [] }]);
      let done = false;
      void hub.settled(100).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(99);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
      expect(names(hub)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists a server Connect names before it is saved without offering its tools to the model', async () => {
    fake = await startFakeMcp();
    const hub = createMcpHub();
    const listed = await hub.connect({ id: 'new', name: 'calc', url: fake.url, disabledTools: [] });
    expect(listed.ok && listed.value.map((tool) => tool.name)).toEqual(['add', 'lookup', 'report', 'broken']);
    expect(names(hub)).toEqual([]);
  });

  it('says why a tool of a saved server is missing: its server is not connected (and why), or the tool is turned off', async () => {
    fake = await startFakeMcp();
    const hub = createMcpHub();
    hub.configure([
      { id: 's1', name: 'calc', url: fake.url, disabledTools: ['report'] },
      { id: 's2', name: 'gone', url: 'http://127.0.0.1:9/mcp', disabledTools: [] },
    ]);
    await hub.settled(5_000);
    expect(hub.whyMissing('gone__add')).toMatch(/^Tool "gone__add" belongs to MCP server "gone", which is not connected: .+\. Its tools cannot be called now; .*Connect in Settings → Tools and servers\.$/);
    expect(hub.whyMissing('calc__report')).toBe('Tool "calc__report" of MCP server "calc" is turned off in Settings → Tools and servers; do not call it.');
    expect(hub.whyMissing('calc__nothing')).toBeUndefined();
    expect(hub.whyMissing('read_files')).toBeUndefined();
  });

  it('names the server a tool belongs to by the longest name, and never puts a server\'s path or query in a message', async () => {
    const hub = createMcpHub();
    const secret = 'http://127.0.0.1:9/mcp/private-path?key=s3cret';
    hub.configure([
      { id: 'a', name: 'a', url: 'http://127.0.0.1:9/a', disabledTools: [] },
      { id: 'ab', name: 'a__b', url: secret, disabledTools: [] },
    ]);
    await hub.settled(5_000);
    const why = hub.whyMissing('a__b__x') ?? '';
    expect(why).toContain('MCP server "a__b"');
    expect(why).not.toContain('127.0.0.1');
    const listed = await hub.connect({ id: 'x', name: 'gone', url: secret, disabledTools: [] });
    expect(listed.ok).toBe(false);
    const message = listed.ok ? '' : listed.error.message;
    expect(message).toContain('http://127.0.0.1:9');
    expect(message).not.toContain('private-path');
    expect(message).not.toContain('s3cret');
  });

  it('answers Connect to a server that cannot be reached with why, as data', async () => {
    const hub = createMcpHub();
    const listed = await hub.connect({ id: 'x', name: 'gone', url: 'http://127.0.0.1:9/mcp', disabledTools: [] });
    expect(listed).toMatchObject({ ok: false, error: { kind: 'unreachable' } });
  });
});

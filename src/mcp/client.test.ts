/** The MCP client against a real server (the SDK's own, over Streamable HTTP: e2e/fake-mcp). */
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeMcp } from '../../e2e/fake-mcp/server.mjs';
import type { FakeMcp } from '../../e2e/fake-mcp/server.mjs';
import { connectMcpServer } from './client';
import { modelSchema } from './schema';

let fake: FakeMcp | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('the MCP client', () => {
  it('lists the tools with their model names, descriptions, read-only hints and schemas the providers take', async () => {
    fake = await startFakeMcp();
    const connected = await connectMcpServer({ name: 'calc server', url: fake.url }, () => {});
    expect(connected.ok).toBe(true);
    if (!connected.ok) return;
    const tools = connected.value.tools();
    expect(tools.map((tool) => [tool.modelName, tool.readOnly])).toEqual([
      ['calc_server__add', false],
      ['calc_server__lookup', true],
      ['calc_server__report', false],
      ['calc_server__broken', false],
    ]);
    expect(tools[0]!.description).toBe('Adds two numbers.');
    expect(tools[0]!.inputSchema).toEqual({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] });
    await connected.value.close();
  });

  it('checks arguments against the full schema, calls a tool and gives its content', async () => {
    fake = await startFakeMcp();
    const connected = await connectMcpServer({ name: 'calc', url: fake.url }, () => {});
    if (!connected.ok) throw new Error(connected.error.message);
    expect(connected.value.check('add', { a: 1, b: 'two' })).toMatch(/number/);
    expect(connected.value.check('add', { a: 1, b: 2 })).toBeNull();
    const called = await connected.value.call('add', { a: 2, b: 3 }, new AbortController().signal);
    expect(called).toEqual({ ok: true, value: { content: [{ type: 'text', text: 'The sum is 5.' }], failed: false } });
    expect(fake.calls()).toEqual([{ tool: 'add', args: { a: 2, b: 3 } }]);
    await connected.value.close();
  });

  it('gives images as images and embedded resources as their text', async () => {
    fake = await startFakeMcp();
    const connected = await connectMcpServer({ name: 'calc', url: fake.url }, () => {});
    if (!connected.ok) throw new Error(connected.error.message);
    const called = await connected.value.call('report', {}, new AbortController().signal);
    expect(called).toEqual({
      ok: true,
      value: {
        content: [
          { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
          { type: 'text', text: 'Resource file:///data.csv:\nx,y\n1,2\n' },
        ],
        failed: false,
      },
    });
    await connected.value.close();
  });

  it('says a server that is down cannot be reached, when connecting and mid-session', async () => {
    fake = await startFakeMcp();
    const { url } = fake;
    const connected = await connectMcpServer({ name: 'calc', url }, () => {});
    if (!connected.ok) throw new Error(connected.error.message);
    await fake.close();
    fake = undefined;
    const called = await connected.value.call('add', { a: 1, b: 1 }, new AbortController().signal);
    expect(called).toMatchObject({ ok: false, error: { kind: 'unreachable' } });
    expect(!called.ok && called.error.message).toContain('CORS');
    const again = await connectMcpServer({ name: 'calc', url }, () => {});
    expect(again).toMatchObject({ ok: false, error: { kind: 'unreachable' } });
  });

  it('lists the tools again when the server says they changed (tools/list_changed), and says so', async () => {
    fake = await startFakeMcp({ stateful: true });
    let changed = 0;
    const connected = await connectMcpServer({ name: 'calc', url: fake.url }, () => changed++);
    if (!connected.ok) throw new Error(connected.error.message);
    expect(connected.value.tools().map((tool) => tool.name)).not.toContain('echo');
    fake.addTool('echo');
    await expect.poll(() => changed, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(connected.value.tools().map((tool) => tool.modelName)).toContain('calc__echo');
    expect(connected.value.check('echo', { text: 1 })).not.toBeNull();
    await connected.value.close();
  });

  it('sends the token as a bearer token; without it, says the server refused and what to check (OAuth is not supported yet)', async () => {
    fake = await startFakeMcp({ token: 'mcp-secret' });
    const refused = await connectMcpServer({ name: 'calc', url: fake.url }, () => {});
    expect(refused).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(!refused.ok && refused.error.message).toContain('token');
    expect(!refused.ok && refused.error.message).toContain('OAuth');
    const connected = await connectMcpServer({ name: 'calc', url: fake.url, token: 'mcp-secret' }, () => {});
    expect(connected.ok).toBe(true);
    if (connected.ok) await connected.value.close();
  });

  it('refuses an address that is not http(s)', async () => {
    expect(await connectMcpServer({ name: 'x', url: 'ftp://example.com' }, () => {})).toMatchObject({ ok: false, error: { kind: 'invalid-url' } });
    expect(await connectMcpServer({ name: 'x', url: 'not a url' }, () => {})).toMatchObject({ ok: false, error: { kind: 'invalid-url' } });
  });
});

describe('an MCP input schema for the model', () => {
  it('keeps what the providers take, inlines local $refs and turns type lists into one type', () => {
    const schema = modelSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { point: { $ref: '#/$defs/Point' }, name: { type: ['string', 'null'], pattern: '^a', minLength: 1 } },
      required: ['point'],
      $defs: { Point: { type: 'object', properties: { x: { type: 'integer', format: 'int32' } }, additionalProperties: false } },
    });
    expect(schema).toEqual({
      type: 'object',
      properties: { point: { type: 'object', properties: { x: { type: 'integer' } }, additionalProperties: false }, name: { type: 'string' } },
      required: ['point'],
    });
  });

  it('ends a $ref cycle with a bare object and gives a schema without properties some', () => {
    expect(modelSchema({ $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } }, $ref: '#/$defs/Node' })).toEqual({
      type: 'object',
      properties: { next: { type: 'object' } },
    });
    expect(modelSchema(undefined)).toEqual({ type: 'object', properties: {} });
  });
});

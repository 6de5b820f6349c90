/**
 * Fault suites for MCP tools, against a real server (the SDK's own: e2e/fake-mcp):
 * T2, generated arguments (wrong types, missing and extra fields, huge strings, NUL bytes):
 * every call ends in exactly one result, and only arguments that fit the schema reach the
 * server. T3, a server that answers a call with a malformed result: an error result, no throw.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMcp } from '../../../e2e/fake-mcp/server.mjs';
import type { FakeMcp } from '../../../e2e/fake-mcp/server.mjs';
import { connectMcpServer } from '../../mcp/client';
import type { McpConnection } from '../../mcp/client';
import { createMcpTool } from '../../tools/mcp-tool';

let fake: FakeMcp;
let connection: McpConnection;
beforeAll(async () => {
  fake = await startFakeMcp();
  const made = await connectMcpServer({ name: 'calc', url: fake.url }, () => {});
  if (!made.ok) throw new Error(made.error.message);
  connection = made.value;
});
afterAll(async () => {
  await connection.close();
  await fake.close();
});

const toolFor = (name: string) => {
  const info = connection.tools().find((tool) => tool.name === name)!;
  return createMcpTool({ info, serverName: 'calc', check: (args) => connection.check(name, args), call: (args, signal) => connection.call(name, args, signal) });
};
const context = { signal: new AbortController().signal } as never;

const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.constantFrom('1', '', '\u0000', 'NaN', 'x'.repeat(100_000), '\uFF11'),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);
const argumentSets: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ a: value, b: value }, { requiredKeys: [] }),
  fc.record({ a: fc.integer(), b: fc.integer() }),
  fc.record({ a: fc.integer(), b: fc.integer(), extra: value }),
  value,
);

describe('MCP tools under faults', () => {
  it('T2: each generated argument set gets exactly one result, and only sets that fit the schema reach the server', async () => {
    const add = toolFor('add');
    const sets = fc.sample(argumentSets, { seed: 20261205, numRuns: 150 });
    let sent = 0;
    for (const args of sets) {
      const checked = add.validate(args);
      if (!checked.ok) continue;
      const a = (checked.args as { a: unknown }).a;
      const b = (checked.args as { b: unknown }).b;
      expect(typeof a === 'number' && typeof b === 'number').toBe(true);
      const result = await add.execute(checked.args, context);
      expect(result.error === undefined || typeof result.error.message === 'string').toBe(true);
      sent++;
    }
    expect(sent).toBeGreaterThan(10);
    expect(sent).toBeLessThan(sets.length);
    expect(fake.calls().filter((call) => call.tool === 'add')).toHaveLength(sent);
    for (const call of fake.calls()) expect(typeof call.args['a'] === 'number' && typeof call.args['b'] === 'number').toBe(true);
  });

  it('T3: a malformed result from the server is an error result that says so, not a throw', async () => {
    const result = await toolFor('broken').execute({}, context);
    expect(result.error?.type).toBe('MCP_PROTOCOL');
    expect(result.error?.message).toContain('the MCP server "calc"');
  });
});

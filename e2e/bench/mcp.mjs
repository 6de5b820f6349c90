#!/usr/bin/env node
// An MCP tool's round-trip against a local server (the SDK's own over Streamable HTTP:
// e2e/fake-mcp), beside a built-in tool's (read_file on the offline sandbox), both through
// the Tool contract the agent calls, in Node (issue 25). Also the connection (initialize and
// tools/list), and the messages a call sends when its signal is aborted after it ends, as the
// tool runner does (1: the call alone). The TypeScript sources are loaded with Vite's SSR module loader (no build).
// Prints figures; asserts nothing. Run: node e2e/bench/mcp.mjs [--calls 200]
import { createServer } from 'vite';
import { startFakeMcp } from '../fake-mcp/server.mjs';
import { argument, figure, median, repoRoot, round } from './lib.mjs';

const CALLS = Number(argument('calls', 200));

const vite = await createServer({ root: repoRoot, configFile: false, logLevel: 'warn', server: { middlewareMode: true, hmr: false }, appType: 'custom', optimizeDeps: { noDiscovery: true } });
const fake = await startFakeMcp();
try {
  const { connectMcpServer } = await vite.ssrLoadModule('/src/mcp/client.ts');
  const { createMcpTool } = await vite.ssrLoadModule('/src/tools/mcp-tool.ts');
  const registry = await vite.ssrLoadModule('/src/tools/registry.ts');
  const { bindTools } = await vite.ssrLoadModule('/src/tools/workspace-tool.ts');
  const { createOfflineSandbox } = await vite.ssrLoadModule('/src/sandbox/offline/offline-sandbox.ts');

  const connects = [];
  let connection;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const made = await connectMcpServer({ name: 'calc', url: fake.url }, () => {});
    connects.push(performance.now() - started);
    if (!made.ok) throw new Error(made.error.message);
    if (connection) await made.value.close();
    else connection = made.value;
  }
  const info = connection.tools().find((tool) => tool.name === 'add');
  const mcpTool = createMcpTool({ info, serverName: 'calc', check: (args) => connection.check('add', args), call: (args, signal) => connection.call('add', args, signal) });
  const sandbox = await createOfflineSandbox({ files: { 'small.txt': 'one\ntwo\nthree\n' } });
  const readFile = bindTools(registry.createToolRegistry(registry.createBuiltinTools()), sandbox).get('read_file');
  const context = { signal: new AbortController().signal };

  const time = async (run) => {
    const samples = [];
    for (let index = 0; index < CALLS; index++) {
      const started = performance.now();
      await run(index);
      samples.push(performance.now() - started);
    }
    return samples;
  };
  const mcpSamples = await time((index) => mcpTool.execute({ a: index, b: 1 }, context));
  // What a call costs on the wire as the agent makes it: the tool runner aborts each call's signal
  // once the call has ended (issue 41: that used to send a notifications/cancelled, a second POST).
  const before = fake.methods().length;
  for (let index = 0; index < 20; index++) {
    const signal = new AbortController();
    await mcpTool.execute({ a: index, b: 2 }, { signal: signal.signal });
    signal.abort();
  }
  await connection.call('add', { a: 0, b: 0 }, new AbortController().signal); // anything the aborts sent has arrived by its answer
  const perCall = (fake.methods().length - before - 1) / 20;
  const builtinSamples = await time(() => readFile.execute({ file_path: 'small.txt' }, context));
  await connection.close();

  console.log(`MCP tool round-trip (issue 25): ${CALLS} calls each, in Node, the server on this machine`);
  figure('MCP connect: initialize + tools/list (median of 5)', round(median(connects)), 'ms');
  figure('MCP tool call through the Tool contract (median)', round(median(mcpSamples), 2), 'ms');
  figure('read_file (built-in, offline sandbox) through the same contract (median)', round(median(builtinSamples), 2), 'ms');
  figure('JSON-RPC messages the page sends per completed call, its signal aborted after it as the tool runner does', round(perCall, 2), '');
} finally {
  await fake.close();
  await vite.close();
}

// A real MCP server for the end-to-end tests: the official SDK's server over Streamable HTTP
// (stateless: a server and transport per request), on 127.0.0.1, with the CORS headers a
// browser client needs (the origin allowed, Mcp-Session-Id exposed). Tools:
//   add {a, b}       the sum as text; every call's arguments are recorded
//   lookup {word}    read-only (readOnlyHint): the word upper-cased
//   broken {}        answered with a malformed result (content that is not a list), for fault tests
//   report {}        an image and an embedded text resource
// `refuseOrigin()` stops sending CORS headers; `close()` stops the server. With `{ stateful: true }`
// each client gets a session (Mcp-Session-Id) and a server of its own that can notify it:
// `addTool(name, description?)` registers a tool on every session's server, which sends tools/list_changed.
// `{ delayMs }` answers each request that much later (a slow server); `{ token }` answers 401
// unless the request carries `Authorization: Bearer <token>`. `{ extras: true }` adds three tools:
//   steps {count, note?} sends `count` progress notifications (of `count`; message `Step n` and the note) before answering
//   wait {}          answers only when its request is cancelled (or after 20 s)
//   research {}      needs MCP tasks (execution.taskSupport "required"), as the reference server's
//                    simulate-research-query does
// `methods()` lists the JSON-RPC methods received, in order (notifications/cancelled included);
// `deletes()` the session ids DELETE ended; `forgetSessions(status)` makes a stateful server
// forget every session, answering a request that names one with `status`: 404 (the
// specification) or 400 "No valid session ID provided" (the reference server after a restart);
// `refuseNewSessions()` answers every initialize with 503.
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
  'Access-Control-Expose-Headers': 'Mcp-Session-Id',
};

export async function startFakeMcp({ stateful = false, delayMs = 0, token, extras = false } = {}) {
  const calls = [];
  const methods = [];
  const deletes = [];
  /** Stateful mode: the sessions forgotten, and how a request naming one is answered. */
  const forgotten = new Set();
  let forgottenStatus = 404;
  let opened = 0;
  let refusingNew = false;
  let cors = true;
  /** Stateful mode: each session's server and transport, by session id. */
  const sessions = new Map();
  const added = [];
  const build = () => {
    const server = new McpServer({ name: 'fake-mcp', version: '1.0.0' });
    server.registerTool('add', { description: 'Adds two numbers.', inputSchema: { a: z.number(), b: z.number() } }, async (args) => {
      calls.push({ tool: 'add', args });
      return { content: [{ type: 'text', text: `The sum is ${args.a + args.b}.` }] };
    });
    server.registerTool('lookup', { description: 'Looks a word up.', inputSchema: { word: z.string() }, annotations: { readOnlyHint: true } }, async (args) => {
      calls.push({ tool: 'lookup', args });
      return { content: [{ type: 'text', text: args.word.toUpperCase() }] };
    });
    server.registerTool('report', { description: 'A chart and its data.', inputSchema: {} }, async () => ({
      content: [
        { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
        { type: 'resource', resource: { uri: 'file:///data.csv', mimeType: 'text/csv', text: 'x,y\n1,2\n' } },
      ],
    }));
    server.registerTool('broken', { description: 'Answers with a malformed result.', inputSchema: {} }, async () => ({ content: [] }));
    for (const { name, description } of added) addEcho(server, name, description);
    if (extras) addExtras(server);
    return server;
  };
  const addExtras = (server) => {
    server.registerTool('steps', { description: 'Counts steps, telling its progress.', inputSchema: { count: z.number(), note: z.string().optional() } }, async (args, extra) => {
      const token = extra._meta?.progressToken;
      for (let step = 1; step <= args.count; step++) {
        if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step, total: args.count, message: `Step ${step}${args.note ?? ''}` } });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return { content: [{ type: 'text', text: `Counted ${args.count} steps.` }] };
    });
    server.registerTool('wait', { description: 'Waits until cancelled.', inputSchema: {} }, async (_args, extra) => {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 20_000);
        extra.signal.addEventListener('abort', () => (clearTimeout(timer), resolve(undefined)), { once: true });
      });
      return { content: [{ type: 'text', text: 'Waited.' }] };
    });
    const research = server.registerTool('research', { description: 'Researches (needs MCP tasks).', inputSchema: {} }, async () => ({ content: [{ type: 'text', text: 'never' }] }));
    research.execution = { taskSupport: 'required' };
  };
  const addEcho = (server, name, description = `Echoes (added later: ${name}).`) =>
    server.registerTool(name, { description, inputSchema: { text: z.string() } }, async (args) => ({ content: [{ type: 'text', text: args.text }] }));
  const http = createServer(async (request, response) => {
    if (cors) for (const [name, value] of Object.entries(CORS)) response.setHeader(name, value);
    if (request.method === 'OPTIONS') {
      response.writeHead(204);
      return response.end();
    }
    if (token && request.headers.authorization !== `Bearer ${token}`) {
      response.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer' });
      return response.end(JSON.stringify({ error: 'unauthorized' }));
    }
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const text = Buffer.concat(chunks).toString('utf8');
    const message = text ? JSON.parse(text) : undefined;
    for (const item of Array.isArray(message) ? message : message ? [message] : []) if (typeof item.method === 'string') methods.push(item.method);
    const named = request.headers['mcp-session-id'];
    if (request.method === 'DELETE' && typeof named === 'string') deletes.push(named);
    if (stateful && typeof named === 'string' && forgotten.has(named)) {
      response.writeHead(forgottenStatus, { 'Content-Type': 'application/json' });
      const said = forgottenStatus === 404 ? 'Session not found' : 'Bad Request: No valid session ID provided';
      return response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: said }, id: message?.id ?? null }));
    }
    if (refusingNew && message?.method === 'initialize') {
      response.writeHead(503, { 'Content-Type': 'application/json' });
      return response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Not now' }, id: message.id }));
    }
    if (message?.method === 'tools/call' && message.params?.name === 'broken') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      return response.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { content: 'not a list', isError: 'maybe' } }));
    }
    if (stateful) {
      const id = request.headers['mcp-session-id'];
      let session = typeof id === 'string' ? sessions.get(id) : undefined;
      if (!session) {
        const server = build();
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => `session-${++opened}`, onsessioninitialized: (sessionId) => sessions.set(sessionId, session) });
        session = { server, transport };
        await server.connect(transport);
      }
      return session.transport.handleRequest(request, response, message);
    }
    const server = build();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, message);
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${http.address().port}/mcp`;
  return {
    url,
    calls: () => [...calls],
    methods: () => [...methods],
    deletes: () => [...deletes],
    refuseNewSessions: () => (refusingNew = true),
    forgetSessions(status = 404) {
      forgottenStatus = status;
      for (const [id, { transport }] of sessions) {
        forgotten.add(id);
        void transport.close();
      }
      sessions.clear();
    },
    refuseOrigin: () => (cors = false),
    addTool(name, description) {
      added.push({ name, description });
      for (const { server } of sessions.values()) addEcho(server, name, description);
    },
    close: () =>
      new Promise((resolve) => {
        for (const { transport } of sessions.values()) void transport.close();
        http.close(() => resolve(undefined));
        http.closeAllConnections();
      }),
  };
}

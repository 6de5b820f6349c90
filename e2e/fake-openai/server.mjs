#!/usr/bin/env node
// A local fake of an OpenAI-compatible chat-completions server (what Ollama, LM Studio and
// OpenRouter offer at `<base>/v1/chat/completions`) for the Playwright tests and the adapter's
// wire tests. It speaks the real format (SSE `data: {chat.completion.chunk}` events, then
// `data: [DONE]`), sends CORS headers on everything, and is scripted over HTTP:
//   POST /__script   {responses: Response[], fallback?: Response}  replaces the queue
//   POST /__reset    clears the queue, the fallback and the request log
//   GET  /__requests the received chat requests: path, headers (test key included), body
// Each chat request consumes one Response; when the queue is empty the fallback answers, or a
// plain "(fake server: script exhausted)" text. The format is in README.md beside this file.
//
// Run: node e2e/fake-openai/server.mjs --port 8766   (prints the URL; the base URL is <URL>/v1)
import { createServer } from 'node:http';
import { answerTestRoutes, jsonSender, parseJson, readBody, runFromCommandLine, sleep } from '../fake-http.mjs';

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'content-type, authorization',
  'Access-Control-Expose-Headers': 'retry-after, content-type',
  'Access-Control-Max-Age': '600',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

const sendJson = jsonSender(corsHeaders, 'application/json');

const exhausted = { chunks: [{ text: '(fake server: script exhausted)' }] };

/** OpenAI's error JSON. */
export function errorBody(status, message) {
  const types = { 401: 'invalid_request_error', 404: 'invalid_request_error', 429: 'rate_limit_exceeded' };
  const codes = { 401: 'invalid_api_key', 404: 'model_not_found', 429: 'rate_limit_exceeded' };
  return { error: { message: message ?? `fake error ${status}`, type: types[status] ?? 'server_error', param: null, code: codes[status] ?? null } };
}

function expandScript(entries) {
  return entries.flatMap((entry) => ('repeat' in entry ? Array.from({ length: entry.repeat }, () => entry.response) : [entry]));
}

/** One chunk of the script → a chat.completion.chunk. */
function completionChunk(chunk, model, index) {
  if (chunk.raw) return chunk.raw;
  const delta = {};
  if (index === 0) delta.role = 'assistant';
  if (chunk.text !== undefined) delta.content = chunk.text;
  if (chunk.reasoning !== undefined) delta.reasoning_content = chunk.reasoning;
  if (chunk.toolCalls) {
    delta.tool_calls = chunk.toolCalls.map((call) => {
      const out = { index: call.index ?? 0 };
      if (call.id !== undefined) out.id = call.id;
      if (call.id !== undefined || call.name !== undefined) out.type = 'function';
      out.function = {};
      if (call.name !== undefined) out.function.name = call.name;
      if (call.arguments !== undefined) out.function.arguments = call.arguments;
      return out;
    });
  }
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1700000000,
    model,
    choices: [{ index: 0, delta, finish_reason: chunk.finishReason ?? null }],
  };
}

/** The events of a streamed answer: the chunks, a finish chunk unless one has a reason, usage, [DONE]. */
function streamEvents(scripted, model) {
  const chunks = scripted.chunks ?? [];
  const events = chunks.map((chunk, index) => (chunk.sse !== undefined ? chunk.sse : `data: ${JSON.stringify(completionChunk(chunk, model, index))}\n\n`));
  const finished = chunks.some((chunk) => chunk.finishReason !== undefined || chunk.raw || chunk.sse !== undefined);
  if (!finished && scripted.finishReason !== null) {
    const reason = scripted.finishReason ?? (chunks.some((chunk) => chunk.toolCalls) ? 'tool_calls' : 'stop');
    events.push(`data: ${JSON.stringify(completionChunk({ finishReason: reason }, model, chunks.length))}\n\n`);
  }
  if (scripted.usage) {
    const usage = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1700000000, model, choices: [], usage: scripted.usage };
    events.push(`data: ${JSON.stringify(usage)}\n\n`);
  }
  if (scripted.done !== false) events.push('data: [DONE]\n\n');
  return events;
}

/**
 * Starts the fake. Options: `port` (0 picks a free one), `host`, and `requireApiKey` (when
 * set, a request without `Authorization: Bearer <key>` gets OpenAI's 401).
 */
export async function startFakeOpenAi({ port = 0, host = '127.0.0.1', requireApiKey } = {}) {
  let queue = [];
  let fallback;
  let requests = [];
  const open = new Set();

  function setScript({ responses = [], fallback: nextFallback } = {}) {
    queue = expandScript(responses);
    fallback = nextFallback;
  }

  function reset() {
    queue = [];
    fallback = undefined;
    requests = [];
  }

  async function writeEvents(response, events, { delayMs = 0, closed, count = events.length }) {
    if (!response.headersSent) response.writeHead(200, { ...corsHeaders, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    for (const event of events.slice(0, count)) {
      if (delayMs > 0) await sleep(delayMs);
      if (closed()) return;
      response.write(event);
    }
  }

  async function answer(response, scripted, { model, closed }) {
    if ('status' in scripted) {
      sendJson(response, scripted.status, scripted.body ?? errorBody(scripted.status), scripted.headers ?? {});
      return;
    }
    if ('html' in scripted) {
      response.writeHead(scripted.htmlStatus ?? 200, { ...corsHeaders, 'Content-Type': 'text/html; charset=utf-8' });
      response.end(scripted.html);
      return;
    }
    if ('json' in scripted) {
      sendJson(response, 200, scripted.json);
      return;
    }
    if ('drop' in scripted) {
      if (scripted.drop === 'after-first-chunk') {
        await writeEvents(response, streamEvents({ chunks: scripted.chunks ?? [{ text: 'partial ' }] }, model), { closed, count: 1 });
        await sleep(250); // let the client read the chunk before the reset
      }
      response.socket?.destroy();
      return;
    }
    if ('hang' in scripted) {
      // Sends the given chunks (if any), then nothing until the client gives up.
      if (scripted.chunks) await writeEvents(response, streamEvents({ chunks: scripted.chunks, finishReason: null, done: false }, model), { closed });
      else response.writeHead(200, { ...corsHeaders, 'Content-Type': 'text/event-stream' }).flushHeaders();
      return;
    }
    await writeEvents(response, streamEvents(scripted, model), { delayMs: scripted.delayMs, closed });
    if (!closed()) response.end();
  }

  async function handle(request, response) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const bodyText = await readBody(request);
    const control = { setScript, reset, requests: () => requests, status: () => ({ queued: queue.length, fallback: fallback !== undefined }) };
    if (answerTestRoutes({ request, response, url, bodyText, corsHeaders, sendJson, control })) return;
    if (!url.pathname.endsWith('/chat/completions') || request.method !== 'POST') {
      if (url.pathname.endsWith('/models') && request.method === 'GET') {
        sendJson(response, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'fake' }] });
        return;
      }
      sendJson(response, 404, errorBody(404, `Not found: ${request.method} ${url.pathname}`));
      return;
    }
    const body = parseJson(bodyText);
    const authorization = request.headers.authorization ?? null;
    const apiKey = typeof authorization === 'string' && authorization.startsWith('Bearer ') ? authorization.slice(7) : null;
    requests.push({ method: request.method, path: url.pathname, apiKey, headers: request.headers, body, receivedAt: Date.now() });
    if (requireApiKey !== undefined && apiKey !== requireApiKey) {
      sendJson(response, 401, errorBody(401, 'Incorrect API key provided.'));
      return;
    }
    const next = queue.length > 0 ? queue.shift() : (fallback ?? exhausted);
    // `{{n}}` anywhere in a scripted response becomes this request's number (1-based).
    const scripted = JSON.parse(JSON.stringify(next).replaceAll('{{n}}', String(requests.length)));
    let isClosed = false;
    response.on('close', () => {
      isClosed = true;
    });
    const model = typeof body === 'object' && body && typeof body.model === 'string' ? body.model : 'fake-model';
    await answer(response, scripted, { model, closed: () => isClosed });
  }

  const server = createServer((request, response) => {
    open.add(response);
    response.on('close', () => open.delete(response));
    handle(request, response).catch((error) => {
      if (!response.headersSent) sendJson(response, 500, errorBody(500, `fake server bug: ${error.message}`));
      else response.destroy();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://${host}:${actualPort}`;
  return {
    url,
    baseUrl: `${url}/v1`,
    port: actualPort,
    setScript,
    reset,
    requests: () => requests,
    close() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

await runFromCommandLine(import.meta.url, startFakeOpenAi);

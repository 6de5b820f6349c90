#!/usr/bin/env node
// A local fake of the Gemini REST API for Playwright tests, benchmarks and the adapter's
// wire tests. It speaks the real format (SSE `data: {GenerateContentResponse}` events),
// sends CORS headers on everything, and is scripted over HTTP:
//   POST /__script   {responses: Response[], fallback?: Response, models?: {name: ModelInfo}}  replaces the queue
//   POST /__reset    clears the queue, the fallback and the request log
//   GET  /__requests the received model requests: body, headers (test key included), route
// Each model request consumes one Response; when the queue is empty the fallback answers,
// or a plain "(fake server: script exhausted)" text. `GET models/{model}` answers the model's
// info (its `inputTokenLimit`): the script's, else a 1M window. The format is in README.md.
//
// Run: node e2e/fake-gemini/server.mjs --port 8765   (prints the URL)
import { createServer } from 'node:http';
import { answerTestRoutes, jsonSender, parseJson, readBody, runFromCommandLine, sleep } from '../fake-http.mjs';
import { errorBody, exhaustedResponse, expandScript, sseEvent, unaryResponse } from './wire-format.mjs';

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'content-type, x-goog-api-key, x-goog-api-client, x-goog-user-project, x-server-timeout, user-agent, authorization',
  'Access-Control-Expose-Headers': 'retry-after, content-type',
  'Access-Control-Max-Age': '600',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** Epoch milliseconds with the monotonic clock's resolution. */
const clock = () => performance.timeOrigin + performance.now();

const sendJson = jsonSender(corsHeaders, 'application/json; charset=UTF-8');

const modelRoute = /\/(v1[a-z0-9]*)\/(?:models|tunedModels)\/([^/:]+):(streamGenerateContent|generateContent)$/;
const modelInfoRoute = /\/(v1[a-z0-9]*)\/models\/([^/:]+)$/;

/** What `GET models/{model}` answers when the script names no info for the model. */
function defaultModelInfo(model) {
  return { inputTokenLimit: 1_048_576, outputTokenLimit: 65_536, displayName: model };
}

/**
 * Starts the fake. Options: `port` (0 picks a free one), `host`, and `requireApiKey`
 * (when set, a request with another key gets Gemini's 401 "API key not valid").
 */
export async function startFakeGemini({ port = 0, host = '127.0.0.1', requireApiKey } = {}) {
  let queue = [];
  let fallback;
  let requests = [];
  /** Model info by name (`{inputTokenLimit}` or `{status}` for an HTTP error), and the names asked for. */
  let models = {};
  let modelLookups = [];
  const open = new Set();
  /** Responses held at `holdBefore` wait here until `release()`. */
  let holds = [];
  const held = () =>
    new Promise((resolve) => {
      holds.push(resolve);
    });

  function setScript({ responses = [], fallback: nextFallback, models: nextModels = {} } = {}) {
    queue = expandScript(responses);
    fallback = nextFallback;
    models = nextModels;
  }

  function reset() {
    queue = [];
    fallback = undefined;
    requests = [];
    models = {};
    modelLookups = [];
  }

  /** `GET models/{model}`: not a model request, so it is not in the request log (tests count those). */
  function answerModelInfo(response, model) {
    modelLookups.push(model);
    const info = models[model] ?? defaultModelInfo(model);
    if (typeof info.status === 'number') {
      sendJson(response, info.status, errorBody(info.status));
      return;
    }
    sendJson(response, 200, { name: `models/${model}`, version: '001', supportedGenerationMethods: ['generateContent'], ...info });
  }

  async function streamChunks(response, chunks, { delayMs = 0, model, closed, split, lineEnd, holdBefore }) {
    response.writeHead(200, { ...corsHeaders, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    for (const [index, chunk] of chunks.entries()) {
      if (index === holdBefore) {
        // Headers (and the chunks before) are out: the stream waits here for the test's release().
        response.flushHeaders();
        await held();
      }
      if (delayMs > 0) await sleep(delayMs);
      if (closed()) return;
      const event = sseEvent(chunk, model, lineEnd);
      if (split !== 'bytes') {
        response.write(event);
        continue;
      }
      // One byte per write, each on a task of its own, so the reader gets every boundary:
      // inside `data:`, between CR and LF, inside a multi-byte character.
      for (const byte of Buffer.from(event, 'utf8')) {
        if (closed()) return;
        response.write(Buffer.from([byte]));
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }

  async function answer(response, scripted, { model, stream, closed }) {
    if ('status' in scripted) {
      sendJson(response, scripted.status, scripted.body ?? errorBody(scripted.status), scripted.headers ?? {});
      return;
    }
    if ('drop' in scripted) {
      if (scripted.drop === 'after-first-chunk') {
        const chunks = scripted.chunks ?? [{ text: 'partial ' }];
        await streamChunks(response, chunks, { model, closed });
        // Let the client take the bytes in before the reset: a reset that comes first can discard
        // them unread, and then no chunk reached the caller (20 ms was too short under load).
        await sleep(250);
      } else if (scripted.drop === 'after-headers') {
        // The response has started, so a browser cannot silently resend the request
        // (Chromium retries a request whose reused connection closes before any byte).
        response.writeHead(200, { ...corsHeaders, 'Content-Type': 'text/event-stream' });
        response.flushHeaders();
        await sleep(20);
      }
      response.socket?.destroy();
      return;
    }
    if ('hang' in scripted) {
      // Sends the given chunks (if any), then nothing until the client gives up.
      if (scripted.chunks) await streamChunks(response, scripted.chunks, { model, closed });
      return;
    }
    const chunks = scripted.chunks ?? [];
    if (!stream) {
      if (scripted.delayMs) await sleep(scripted.delayMs);
      if (!closed()) sendJson(response, 200, unaryResponse(chunks, model));
      return;
    }
    await streamChunks(response, chunks, { delayMs: scripted.delayMs, model, closed, split: scripted.split, lineEnd: scripted.lineEnd, holdBefore: scripted.holdBefore });
    if (!closed()) response.end();
  }

  async function handle(request, response) {
    const headersAt = clock();
    const url = new URL(request.url ?? '/', 'http://fake');
    const bodyText = await readBody(request);
    const bodyAt = clock();
    const control = { setScript, reset, requests: () => requests, status: () => ({ queued: queue.length, fallback: fallback !== undefined }) };
    if (answerTestRoutes({ request, response, url, bodyText, corsHeaders, sendJson, control })) return;
    const infoRoute = request.method === 'GET' ? modelInfoRoute.exec(url.pathname) : null;
    if (infoRoute) {
      answerModelInfo(response, infoRoute[2]);
      return;
    }
    const route = modelRoute.exec(url.pathname);
    if (!route || request.method !== 'POST') {
      if (url.pathname === '/' && request.method === 'GET') {
        sendJson(response, 200, { fake: 'gemini', queued: queue.length });
        return;
      }
      sendJson(response, 404, errorBody(404, `Method not found: ${request.method} ${url.pathname}`));
      return;
    }
    const [, apiVersion, model, method] = route;
    const apiKey = request.headers['x-goog-api-key'] ?? url.searchParams.get('key') ?? null;
    requests.push({
      method: request.method,
      path: url.pathname,
      apiVersion,
      model,
      stream: method === 'streamGenerateContent',
      apiKey,
      headers: request.headers,
      body: parseJson(bodyText),
      // When the request arrived (Date.now()), so a test can count the ones sent after a Stop.
      receivedAt: Date.now(),
      // The server's own clock (epoch ms, sub-millisecond): headers parsed, body read, and the
      // moment the answer's last byte was handed to the socket (`end()`), for the benchmarks.
      timing: { headersAt, bodyAt, endAt: Number.NaN },
    });
    const timing = requests[requests.length - 1].timing;
    const end = response.end;
    response.end = function stampedEnd(...args) {
      timing.endAt = clock();
      return end.apply(this, args);
    };
    if (requireApiKey !== undefined && apiKey !== requireApiKey) {
      const body = errorBody(400, 'API key not valid. Please pass a valid API key.');
      body.error.details = [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }];
      sendJson(response, 400, body);
      return;
    }
    const next = queue.length > 0 ? queue.shift() : (fallback ?? exhaustedResponse);
    // `{{n}}` anywhere in a scripted response becomes this request's number (1-based).
    const scripted = JSON.parse(JSON.stringify(next).replaceAll('{{n}}', String(requests.length)));
    let isClosed = false;
    response.on('close', () => {
      isClosed = true;
    });
    await answer(response, scripted, { model, stream: method === 'streamGenerateContent', closed: () => isClosed });
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
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    setScript,
    reset,
    requests: () => requests,
    modelLookups: () => modelLookups,
    release() {
      const waiting = holds;
      holds = [];
      for (const resolve of waiting) resolve();
      return waiting.length;
    },
    held: () => holds.length,
    close() {
      const waiting = holds;
      holds = [];
      for (const resolve of waiting) resolve();
      for (const response of open) response.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

await runFromCommandLine(import.meta.url, startFakeGemini);

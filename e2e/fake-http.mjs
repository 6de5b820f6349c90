// What the fake model servers (fake-gemini/, fake-openai/) share: reading requests, answering
// JSON with their CORS headers, the browser's preflight, the test control routes
// (/__script, /__reset, /__requests) and starting from the command line.
import { pathToFileURL } from 'node:url';

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** The body as JSON, the text itself when it is not JSON, undefined when empty. */
export function parseJson(text) {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `sendJson` with these CORS headers and content type. */
export function jsonSender(corsHeaders, contentType) {
  return (response, status, body, headers = {}) => {
    response.writeHead(status, { ...corsHeaders, 'Content-Type': contentType, ...headers });
    response.end(JSON.stringify(body));
  };
}

/**
 * Answers the preflight and the control routes; false when the request is for the model API.
 * The preflight allows whatever headers the browser asks for, so a new SDK header never breaks the fake.
 */
export function answerTestRoutes({ request, response, url, bodyText, corsHeaders, sendJson, control }) {
  if (request.method === 'OPTIONS') {
    const asked = request.headers['access-control-request-headers'];
    const allowed = asked ? `${corsHeaders['Access-Control-Allow-Headers']}, ${asked}` : corsHeaders['Access-Control-Allow-Headers'];
    response.writeHead(204, { ...corsHeaders, 'Access-Control-Allow-Headers': allowed });
    response.end();
    return true;
  }
  if (url.pathname === '/__script' && request.method === 'POST') {
    control.setScript(parseJson(bodyText) ?? {});
    sendJson(response, 200, control.status());
    return true;
  }
  if (url.pathname === '/__reset' && request.method === 'POST') {
    control.reset();
    sendJson(response, 200, { ok: true });
    return true;
  }
  if (url.pathname === '/__requests' && request.method === 'GET') {
    sendJson(response, 200, control.requests());
    return true;
  }
  return false;
}

/** Starts the server when `moduleUrl` is the script node was run with: `--port`, `--host`, `--require-key`; prints its URL. */
export async function runFromCommandLine(moduleUrl, start) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const argument = (name) => {
    const index = process.argv.indexOf(`--${name}`);
    return index >= 0 ? process.argv[index + 1] : undefined;
  };
  const fake = await start({ port: Number(argument('port') ?? 0), host: argument('host') ?? '127.0.0.1', requireApiKey: argument('require-key') });
  console.log(fake.url);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

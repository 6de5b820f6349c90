#!/usr/bin/env node
// What an attached DevTools session adds to a worker's `fetch` (issue 40): the same requests,
// from a dedicated worker as the agent's, with Playwright attached (it watches the network, as
// every Playwright-driven page) and with no DevTools session (Playwright connected over CDP,
// then disconnected before the worker starts). Each request POSTs a JSON body of the size
// given (a model request with that much history) to a local server that answers at once; the
// worker times the synchronous part of `fetch()` and the whole request → response, one at a
// time. Body kinds: a string (what the SDKs send), and for comparison bytes and a Blob.
// Prints medians; asserts nothing.
// Run: node e2e/bench/devtools-fetch-tax.mjs [--requests 200] [--sizes 16,64,128] [--kinds string,blob]
import { createServer } from 'node:http';
import { argument, figure, launchBrowser, launchDetachableChromium } from './lib.mjs';

const REQUESTS = Number(argument('requests', 200));
const SIZES = argument('sizes', '16,64,128').split(',').map(Number);
const KINDS = argument('kinds', 'string,bytes,blob').split(',');

/** The worker: sends the requests of one size and kind, and posts the medians. */
const workerSource = `
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
onmessage = async ({ data: { kb, kind, requests } }) => {
  const entry = { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { output: 'line 1 of a small file\\n'.repeat(20) } } }] };
  const contents = [];
  while (JSON.stringify(contents).length < kb * 1024) contents.push(entry);
  const text = JSON.stringify({ contents });
  const make = { string: () => text, bytes: () => new TextEncoder().encode(text), blob: () => new Blob([text], { type: 'application/json' }) }[kind];
  const sync = [];
  const whole = [];
  for (let index = 0; index < requests; index++) {
    const body = make();
    const started = performance.now();
    const pending = fetch('/sink', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    sync.push(performance.now() - started);
    await (await pending).text();
    whole.push(performance.now() - started);
  }
  postMessage({ sync: median(sync), whole: median(whole) });
};`;

const pageSource = `<!doctype html><title>fetch tax</title><script type="module">
const params = new URLSearchParams(location.search);
const worker = new Worker('/worker.js');
worker.onmessage = async ({ data }) => {
  window.result = data;
  if (params.has('report')) await fetch('/result', { method: 'POST', body: JSON.stringify(data) });
};
worker.postMessage({ kb: Number(params.get('kb')), kind: params.get('kind'), requests: Number(params.get('requests')) });
</script>`;

function startServer() {
  let onResult = () => {};
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url, 'http://localhost').pathname;
      if (path === '/') return response.writeHead(200, { 'content-type': 'text/html' }).end(pageSource);
      if (path === '/worker.js') return response.writeHead(200, { 'content-type': 'text/javascript' }).end(workerSource);
      if (path === '/result') onResult(JSON.parse(Buffer.concat(chunks).toString()));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/`,
        nextResult: () => new Promise((done) => (onResult = done)),
        close: () => new Promise((done) => server.close(done)),
      }),
    ),
  );
}

/** Playwright attached for the whole run. */
async function attached(server, query) {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}?${query}`);
    await page.waitForFunction(() => window.result, undefined, { timeout: 300_000, polling: 100 });
    return await page.evaluate(() => window.result);
  } finally {
    await browser.close();
  }
}

/** No DevTools session: the page navigates to the test a second after Playwright has disconnected. */
async function detached(server, query) {
  const browser = await launchDetachableChromium();
  try {
    const result = server.nextResult();
    await browser.page.evaluate((url) => setTimeout(() => (location.href = url), 1000), `${server.url}?${query}&report`);
    await browser.disconnect();
    return await result;
  } finally {
    await browser.close();
  }
}

const server = await startServer();
try {
  console.log(`A worker's fetch with and without a DevTools session: ${REQUESTS} POSTs of each size, one at a time, medians (ms)`);
  for (const kb of SIZES) {
    for (const kind of KINDS) {
      const query = `kb=${kb}&kind=${kind}&requests=${REQUESTS}`;
      const without = await detached(server, query);
      const withSession = await attached(server, query);
      console.log(
        `  ${String(kb).padStart(4)} KB ${kind.padEnd(6)}: fetch() call ${without.sync.toFixed(2)} → ${withSession.sync.toFixed(2)}, request → response ${without.whole.toFixed(2)} → ${withSession.whole.toFixed(2)} (no DevTools → Playwright attached)`,
      );
      if (kind === 'string') figure(`${kb} KB string body: what Playwright attached adds to a request → response`, withSession.whole - without.whole, 'ms');
    }
  }
} finally {
  await server.close();
}

// A static host like GitHub Pages for the offline-app tests: serves a build folder with
// content types and short caching only: no COOP/COEP, no CSP, no single-page fallback (an
// unknown path is a 404). `changeServiceWorker(tag)` makes service-worker.js byte-different,
// as a new deployment would, so the browser finds a new version.
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  // GitHub Pages serves both as JavaScript (Pyodide's loader is .mjs).
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
};

/** The build the tests serve: LOOPSCOPE_DIST, else dist/ (as scripts/serve.mjs). */
export const buildFolder = resolve(fileURLToPath(new URL('..', import.meta.url)), process.env.LOOPSCOPE_DIST ?? 'dist');

export async function startPlainStaticServer(root = buildFolder) {
  let workerTag = '';
  const requests = [];
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    requests.push(path);
    const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    const info = file.startsWith(root) ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    let body = await readFile(file);
    if (path === '/service-worker.js' && workerTag) body = Buffer.concat([body, Buffer.from(`\n// ${workerTag}\n`)]);
    response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'max-age=600' });
    response.end(body);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    /** Paths requested so far, in order. */
    requests,
    changeServiceWorker(tag) {
      workerTag = tag;
    },
    close() {
      const closed = new Promise((done) => server.close(() => done()));
      server.closeAllConnections();
      return closed;
    },
  };
}

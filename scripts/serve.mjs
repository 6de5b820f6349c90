#!/usr/bin/env node
// Serves the built app (dist/) on localhost with the headers it needs:
// cross-origin isolation (COOP/COEP, for WebContainer) and a Content-Security-Policy
// that keeps model output from loading remote images or scripts.
// Usage: node scripts/serve.mjs [--port 4173] [--host 127.0.0.1]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { securityHeaders, securityHeadersFor } from '../src/shared/security-headers.mjs';

// LOOPSCOPE_DIST serves another build folder (scripts/e2e.mjs builds there too), so parallel runs do not share dist/.
const root = resolve(fileURLToPath(new URL('..', import.meta.url)), process.env.LOOPSCOPE_DIST ?? 'dist');

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

// The same headers as the service worker's (one module; see src/shared/security-headers.mjs).
export { securityHeaders };

export function startServer({ port = 4173, host = '127.0.0.1' } = {}) {
  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://localhost');
      let path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
      let file = join(root, path);
      if (!file.startsWith(root)) {
        response.writeHead(403).end();
        return;
      }
      let info = await stat(file).catch(() => null);
      if (!info || info.isDirectory()) {
        // Single-page app: unknown paths get index.html.
        file = info?.isDirectory() && path !== '/' ? join(file, 'index.html') : join(root, 'index.html');
        info = await stat(file).catch(() => null);
        if (!info) file = join(root, 'index.html');
      }
      const body = await readFile(file);
      const immutable = file.includes(`${join(root, 'assets')}`);
      response.writeHead(200, {
        'Content-Type': types[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        // The embedded player (`?embed`) may be framed by other sites; the app only by itself.
        ...securityHeadersFor(request.url ?? '/'),
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch (error) {
      response.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
    }
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolvePromise({ server, url: `http://${host}:${address.port}/` });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argument = (name, fallback) => {
    const index = process.argv.indexOf(name);
    return index > 0 ? process.argv[index + 1] : fallback;
  };
  try {
    await stat(join(root, 'index.html'));
  } catch {
    console.error('No build found in dist/. Run `npm run build` first (npm start does both).');
    process.exit(1);
  }
  const { url } = await startServer({
    port: Number(argument('--port', process.env.PORT ?? 4173)),
    host: argument('--host', '127.0.0.1'),
  });
  console.log(`Loopscope is running at ${url}`);
  console.log('Works offline with the scripted demo; add a Gemini API key in Settings for the real model.');
}

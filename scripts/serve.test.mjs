// `npm start` (scripts/serve.mjs) and the service worker on a static host send the same
// security headers: the worker's come from the same module, and this checks what each
// actually sends.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSecurityHeaders } from '../src/pwa/routes.ts';
import { securityHeaders as workerHeaders } from '../src/shared/security-headers.mjs';

const names = ['Cross-Origin-Opener-Policy', 'Cross-Origin-Embedder-Policy', 'Cross-Origin-Resource-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'Content-Security-Policy'];

let folder;
let served;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'loopscope-serve-'));
  writeFileSync(join(folder, 'index.html'), '<!doctype html><title>t</title>');
  process.env.LOOPSCOPE_DIST = folder;
  const { startServer } = await import('./serve.mjs');
  served = await startServer({ port: 0 });
});

afterAll(() => {
  served?.server.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the security headers', () => {
  it('the service worker adds exactly the headers npm start sends', async () => {
    const fromServer = await fetch(served.url);
    const fromWorker = withSecurityHeaders(new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } }), workerHeaders);
    const pick = (headers) => Object.fromEntries(names.map((name) => [name, headers.get(name)]));
    expect(pick(fromServer.headers)).toEqual(pick(fromWorker.headers));
    expect(Object.keys(workerHeaders).sort()).toEqual([...names].sort());
    expect(fromServer.headers.get('Cross-Origin-Embedder-Policy')).toBe('require-corp');
  });
});

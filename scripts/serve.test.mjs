// `npm start` (scripts/serve.mjs) and the service worker on a static host send the same
// security headers: the worker's come from the same module, and this checks what each
// actually sends.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSecurityHeaders } from '../src/pwa/routes.ts';
import { embedHeaders, securityHeadersFor, securityHeaders as workerHeaders } from '../src/shared/security-headers.mjs';

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

  it('the app may be framed by itself only, and its embedded player (?embed) by any site, from both senders', async () => {
    const pick = (headers) => Object.fromEntries(names.map((name) => [name, headers.get(name)]));
    const app = await fetch(`${served.url}?sandbox=offline`);
    expect(app.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'self'");
    expect(app.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
    for (const address of ['?embed', '?sandbox=offline&embed', '?embed=1']) {
      const player = await fetch(`${served.url}${address}`);
      expect(player.headers.get('Content-Security-Policy')).toContain('frame-ancestors *');
      expect(player.headers.get('Content-Security-Policy')).not.toContain("frame-ancestors 'self'");
      expect(player.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin');
      const fromWorker = withSecurityHeaders(new Response('<!doctype html>'), securityHeadersFor(`${served.url}${address}`));
      expect(pick(player.headers)).toEqual(pick(fromWorker.headers));
    }
    expect(securityHeadersFor('/?embedded=1')).toBe(workerHeaders);
    expect(Object.keys(embedHeaders).sort()).toEqual([...names].sort());
  });
});

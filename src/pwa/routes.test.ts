import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../shared/security-headers.mjs';
import { handlingOf, withSecurityHeaders } from './routes';

const scope = 'https://example.github.io/loopscope/';
const precached = new Set([`${scope}index.html`, `${scope}assets/index-abc.js`, `${scope}manifest.webmanifest`]);
const isPrecached = (url: string) => precached.has(url);
const get = (url: string, mode = 'cors') => handlingOf({ url, method: 'GET', mode }, scope, isPrecached);

describe('what the service worker answers', () => {
  it('leaves every other origin to the network: model endpoints, local servers, WebContainer', () => {
    for (const url of [
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      'http://localhost:11434/v1/chat/completions',
      'http://127.0.0.1:1234/v1/models',
      'https://stackblitz.com/headless',
      'https://example.github.io.evil.test/loopscope/index.html',
    ]) {
      expect(get(url)).toEqual({ type: 'leave' });
      expect(get(url, 'navigate')).toEqual({ type: 'leave' });
    }
  });

  it('leaves requests other than GET, and paths outside its scope', () => {
    expect(handlingOf({ url: `${scope}assets/index-abc.js`, method: 'POST', mode: 'cors' }, scope, isPrecached)).toEqual({ type: 'leave' });
    expect(get('https://example.github.io/other-project/index.html', 'navigate')).toEqual({ type: 'leave' });
  });

  it('answers every page load in scope with the precached app, query and all', () => {
    for (const url of [scope, `${scope}?sandbox=offline`, `${scope}index.html`, `${scope}some/deep/path`]) {
      expect(get(url, 'navigate')).toEqual({ type: 'answer', precached: `${scope}index.html` });
    }
    expect(get(`${scope}manifest.webmanifest`, 'navigate')).toEqual({ type: 'answer', precached: `${scope}manifest.webmanifest` });
  });

  it('answers the build\'s files from the precache and the rest of its origin from the network, both with the headers', () => {
    expect(get(`${scope}assets/index-abc.js`)).toEqual({ type: 'answer', precached: `${scope}assets/index-abc.js` });
    expect(get(`${scope}assets/not-in-this-build.js`)).toEqual({ type: 'answer', precached: null });
  });

  it('a page load before the app is precached goes to the network', () => {
    expect(handlingOf({ url: scope, method: 'GET', mode: 'navigate' }, scope, () => false)).toEqual({ type: 'answer', precached: null });
  });
});

describe('the headers it adds', () => {
  it('sets every security header, replacing what the host sent, and keeps the rest of the response', async () => {
    const hosted = new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html', 'Cross-Origin-Opener-Policy': 'unsafe-none', ETag: '"1"' } });
    const answered = withSecurityHeaders(hosted, securityHeaders);
    for (const [name, value] of Object.entries(securityHeaders)) expect(answered.headers.get(name)).toBe(value);
    expect(answered.headers.get('Content-Type')).toBe('text/html');
    expect(answered.headers.get('ETag')).toBe('"1"');
    expect(answered.status).toBe(200);
    expect(await answered.text()).toBe('<!doctype html>');
  });

  it('makes the page cross-origin isolated and sets the Content-Security-Policy', () => {
    expect(securityHeaders['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(securityHeaders['Cross-Origin-Embedder-Policy']).toBe('require-corp');
    expect(securityHeaders['Content-Security-Policy']).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-");
  });
});

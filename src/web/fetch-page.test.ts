import { describe, expect, it, vi } from 'vitest';
import type { WebFetchOptions } from './fetch-page';
import { checkAddress, fetchWebPage } from './fetch-page';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

type Answer = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** A `fetch` that records every call and answers with `answer`. */
function fakeFetch(answer: Answer): { fetch: typeof globalThis.fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    return answer(url, init);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/** Never answers; rejects with an AbortError when the request's signal aborts, as a browser does. */
const neverAnswers: Answer = (_url, init) =>
  new Promise<Response>((_resolve, reject) => {
    const signal = init?.signal;
    if (signal?.aborted) reject(abortError());
    signal?.addEventListener('abort', () => reject(abortError()), { once: true });
  });

/** `response` as if the browser had followed redirects to `finalUrl` (a constructed Response has an empty, read-only url). */
function redirected(response: Response, finalUrl: string): Response {
  Object.defineProperty(response, 'url', { value: finalUrl });
  return response;
}

function html(body: string): Response {
  return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/** A body of `chunks` chunks of `chunkSize` bytes of "a", counting how many were pulled and whether it was cancelled. */
function countedBody(chunks: number, chunkSize: number): { stream: ReadableStream<Uint8Array>; pulls: () => number; cancelled: () => boolean } {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === chunks) {
          controller.close();
          return;
        }
        pulled += 1;
        controller.enqueue(new Uint8Array(chunkSize).fill(0x61));
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulls: () => pulled, cancelled: () => cancelled };
}

function options(fetch: typeof globalThis.fetch, extra: Partial<WebFetchOptions> = {}): WebFetchOptions {
  return { allowLocalAddresses: false, fetch, online: () => true, ...extra };
}

const signal = () => new AbortController().signal;

describe('fetchWebPage', () => {
  it('turns an HTML page into Markdown, dropping scripts, styles and noscript', async () => {
    const page =
      '<!doctype html><html><head><title>T</title><style>body { color: red }</style><script>alert("script ran")</script></head>' +
      '<body><h1>Title</h1><p>Hello <a href="https://docs.example/x">the docs</a>.</p><script>window.tracking = 1</script>' +
      '<noscript>Enable JavaScript</noscript><ul><li>one</li><li>two</li></ul></body></html>';
    const { fetch, calls } = fakeFetch(() => html(page));
    const result = await fetchWebPage('https://example.com/docs', signal(), options(fetch));
    expect(calls.map((call) => call.url)).toEqual(['https://example.com/docs']);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({ url: 'https://example.com/docs', finalUrl: 'https://example.com/docs', status: 200, contentType: 'text/html; charset=utf-8', format: 'html', cut: false });
    expect(result.value.bytes).toBe(new TextEncoder().encode(page).byteLength);
    expect(result.value.text).toContain('# Title');
    expect(result.value.text).toContain('Hello [the docs](https://docs.example/x).');
    expect(result.value.text).toMatch(/\* one\n\* two/);
    expect(result.value.text).not.toMatch(/alert|script ran|tracking|color: red|Enable JavaScript/);
  });

  it('treats a body without a Content-Type that starts like an HTML document as HTML', async () => {
    const { fetch } = fakeFetch(() => new Response(new TextEncoder().encode('<!DOCTYPE html><html><body><h2>Sniffed</h2></body></html>')));
    const result = await fetchWebPage('https://example.com/', signal(), options(fetch));
    expect(result).toMatchObject({ ok: true, value: { contentType: '', format: 'html', text: '## Sniffed' } });
  });

  it('passes text/plain and application/json through as they were sent', async () => {
    const plain = '# Not Markdown-converted\n<b>kept as is</b>\n';
    const json = '{"name": "loopscope", "tags": ["<a>"]}';
    const { fetch } = fakeFetch((url) =>
      url.endsWith('.json') ? new Response(json, { headers: { 'content-type': 'application/json' } }) : new Response(plain, { headers: { 'content-type': 'text/plain; charset=utf-8' } }),
    );
    expect(await fetchWebPage('https://example.com/notes.txt', signal(), options(fetch))).toMatchObject({ ok: true, value: { format: 'text', text: plain, contentType: 'text/plain; charset=utf-8' } });
    expect(await fetchWebPage('https://example.com/data.json', signal(), options(fetch))).toMatchObject({ ok: true, value: { format: 'text', text: json, contentType: 'application/json' } });
  });

  it('decodes the body in the charset the server names (iso-8859-1)', async () => {
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0xfc, 0x62, 0x65, 0x72]); // "café über"
    const { fetch } = fakeFetch((url) => new Response(latin1.slice(), { headers: { 'content-type': url.endsWith('/named') ? 'text/plain; charset=ISO-8859-1' : 'text/plain' } }));
    expect(await fetchWebPage('https://example.com/named', signal(), options(fetch))).toMatchObject({ ok: true, value: { text: 'café über', bytes: 9 } });
    // Read as UTF-8 the same bytes are not "café über": the charset is what made the difference.
    const unnamed = await fetchWebPage('https://example.com/unnamed', signal(), options(fetch));
    expect(unnamed.ok && unnamed.value.text).not.toBe('café über');
  });

  it('does not show a binary body (image/png): format binary and no text', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const toMarkdown = vi.fn(async (text: string) => ({ text, complete: true, convertedChars: text.length }));
    const { fetch } = fakeFetch(() => new Response(png, { headers: { 'content-type': 'image/png' } }));
    const result = await fetchWebPage('https://example.com/logo.png', signal(), options(fetch, { toMarkdown }));
    expect(result).toEqual({
      ok: true,
      value: { url: 'https://example.com/logo.png', finalUrl: 'https://example.com/logo.png', status: 200, contentType: 'image/png', format: 'binary', text: '', bytes: png.byteLength, cut: false },
    });
    expect(toMarkdown).not.toHaveBeenCalled();
  });

  it('reads a body longer than maxBytes only up to maxBytes and cancels the rest without downloading it', async () => {
    const body = countedBody(100, 1000);
    const { fetch } = fakeFetch(() => new Response(body.stream, { headers: { 'content-type': 'text/plain' } }));
    const result = await fetchWebPage('https://example.com/big.txt', signal(), options(fetch, { maxBytes: 2500 }));
    expect(result).toMatchObject({ ok: true, value: { cut: true, bytes: 2500, format: 'text' } });
    expect(result.ok && result.value.text).toBe('a'.repeat(2500));
    expect(body.pulls()).toBeLessThan(10);
    await vi.waitFor(() => expect(body.cancelled()).toBe(true));
  });

  it('does not call a body of exactly maxBytes cut, and calls one byte more cut', async () => {
    const { fetch } = fakeFetch((url) => new Response('b'.repeat(url.endsWith('/exact') ? 2000 : 2001), { headers: { 'content-type': 'text/plain' } }));
    expect(await fetchWebPage('https://example.com/exact', signal(), options(fetch, { maxBytes: 2000 }))).toMatchObject({ ok: true, value: { cut: false, bytes: 2000 } });
    expect(await fetchWebPage('https://example.com/over', signal(), options(fetch, { maxBytes: 2000 }))).toMatchObject({ ok: true, value: { cut: true, bytes: 2000 } });
  });

  it('refuses 127.0.0.1 as a local address before anything is sent when local addresses are not allowed', async () => {
    const { fetch, calls } = fakeFetch(() => html('<p>admin</p>'));
    const result = await fetchWebPage('http://127.0.0.1:8080/admin', signal(), options(fetch));
    expect(result).toMatchObject({ ok: false, error: { kind: 'local-address' } });
    expect(!result.ok && result.error.message).toContain('127.0.0.0/8 (this machine)');
    expect(!result.ok && result.error.message).toContain('Allow web_fetch to local addresses');
    expect(calls).toEqual([]);
  });

  it.each(['https://10.0.0.1/', 'https://192.168.1.1/', 'https://[::1]/', 'https://2130706433/', 'https://localhost./', 'https://169.254.169.254/latest/meta-data/'])(
    'refuses %s as a local or private address before anything is sent',
    async (url) => {
      const { fetch, calls } = fakeFetch(() => html('<p>private</p>'));
      expect(await fetchWebPage(url, signal(), options(fetch))).toMatchObject({ ok: false, error: { kind: 'local-address' } });
      expect(calls).toEqual([]);
    },
  );

  it('refuses the userinfo trick https://example.com@127.0.0.1/ without a request', async () => {
    const { fetch, calls } = fakeFetch(() => html('<p>private</p>'));
    const result = await fetchWebPage('https://example.com@127.0.0.1/', signal(), options(fetch));
    expect(result.ok).toBe(false);
    expect(!result.ok && ['invalid-url', 'local-address'].includes(result.error.kind)).toBe(true);
    expect(calls).toEqual([]);
  });

  it('fetches a local address when Settings allows local addresses, keeping plain http on localhost', async () => {
    const { fetch, calls } = fakeFetch(() => html('<p>dev server</p>'));
    const result = await fetchWebPage('http://localhost:1234/', signal(), options(fetch, { allowLocalAddresses: true }));
    expect(result).toMatchObject({ ok: true, value: { url: 'http://localhost:1234/', text: 'dev server' } });
    expect(calls.map((call) => call.url)).toEqual(['http://localhost:1234/']);
  });

  it('asks for a plain-http public address over https', async () => {
    const { fetch, calls } = fakeFetch(() => html('<p>hi</p>'));
    const result = await fetchWebPage('http://example.com/', signal(), options(fetch));
    expect(calls.map((call) => call.url)).toEqual(['https://example.com/']);
    expect(result).toMatchObject({ ok: true, value: { url: 'https://example.com/', finalUrl: 'https://example.com/' } });
  });

  it('refuses a plain-http private address that is allowed but that this page may not reach (insecure), sending nothing', async () => {
    const { fetch, calls } = fakeFetch(() => html('<p>router</p>'));
    const result = await fetchWebPage('http://192.168.1.1/', signal(), options(fetch, { allowLocalAddresses: true }));
    expect(result).toMatchObject({ ok: false, error: { kind: 'insecure' } });
    expect(calls).toEqual([]);
  });

  it('does not read the answer of a redirect that ends at 127.0.0.1 while local addresses are not allowed', async () => {
    const body = countedBody(3, 10);
    const toMarkdown = vi.fn(async (text: string) => ({ text, complete: true, convertedChars: text.length }));
    const { fetch, calls } = fakeFetch(() => redirected(new Response(body.stream, { headers: { 'content-type': 'text/html' } }), 'http://127.0.0.1/admin'));
    const result = await fetchWebPage('https://example.com/go', signal(), options(fetch, { toMarkdown }));
    expect(calls).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, error: { kind: 'redirected-to-local' } });
    expect(!result.ok && result.error.message).toContain('http://127.0.0.1/admin');
    expect(toMarkdown).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(body.cancelled()).toBe(true));
    expect(body.pulls()).toBeLessThan(3);
  });

  it('reads a redirect to a local address when local addresses are allowed, and reports the final URL', async () => {
    const { fetch } = fakeFetch(() => redirected(html('<p>local page</p>'), 'http://127.0.0.1/page'));
    const result = await fetchWebPage('https://example.com/go', signal(), options(fetch, { allowLocalAddresses: true }));
    expect(result).toMatchObject({ ok: true, value: { url: 'https://example.com/go', finalUrl: 'http://127.0.0.1/page', text: 'local page' } });
  });

  it('reports the final URL of a redirect to a public address', async () => {
    const { fetch } = fakeFetch(() => redirected(html('<p>moved</p>'), 'https://www.example.com/new'));
    expect(await fetchWebPage('https://example.com/old', signal(), options(fetch))).toMatchObject({ ok: true, value: { url: 'https://example.com/old', finalUrl: 'https://www.example.com/new' } });
  });

  it('reports a fetch that fails with a TypeError as blocked, saying CORS and what would work instead', async () => {
    const { fetch, calls } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = await fetchWebPage('https://github.com/owner/repo/blob/main/README.md', signal(), options(fetch));
    expect(calls).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, error: { kind: 'blocked' } });
    const message = result.ok ? '' : result.error.message;
    expect(message).toContain('https://github.com/owner/repo/blob/main/README.md');
    expect(message).toContain('CORS');
    expect(message).toContain('raw.githubusercontent.com');
    expect(message).toMatch(/pasting/);
  });

  it('says a blocked plain-http address was asked over https', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = await fetchWebPage('http://example.com/', signal(), options(fetch));
    expect(result).toMatchObject({ ok: false, error: { kind: 'blocked' } });
    expect(!result.ok && result.error.message).toContain('asked over https');
  });

  it('reports offline without calling fetch when the browser is offline', async () => {
    const { fetch, calls } = fakeFetch(() => html('<p>x</p>'));
    const result = await fetchWebPage('https://example.com/', signal(), options(fetch, { online: () => false }));
    expect(result).toMatchObject({ ok: false, error: { kind: 'offline' } });
    expect(calls).toEqual([]);
  });

  it('reports offline, not blocked, when the browser went offline during the request', async () => {
    let online = true;
    const { fetch } = fakeFetch(() => {
      online = false;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    expect(await fetchWebPage('https://example.com/', signal(), options(fetch, { online: () => online }))).toMatchObject({ ok: false, error: { kind: 'offline' } });
  });

  it('reports an HTTP 404 as http-status with the status, and does not read its body', async () => {
    const toMarkdown = vi.fn(async (text: string) => ({ text, complete: true, convertedChars: text.length }));
    const { fetch } = fakeFetch(() => new Response('<p>custom not found page</p>', { status: 404, statusText: 'Not Found', headers: { 'content-type': 'text/html' } }));
    const result = await fetchWebPage('https://example.com/missing', signal(), options(fetch, { toMarkdown }));
    expect(result).toEqual({ ok: false, error: { kind: 'http-status', status: 404, message: 'The server answered 404 Not Found for https://example.com/missing.' } });
    expect(toMarkdown).not.toHaveBeenCalled();
  });

  it('reports a server error status (503) the same way', async () => {
    const { fetch } = fakeFetch(() => new Response('', { status: 503 }));
    expect(await fetchWebPage('https://example.com/', signal(), options(fetch))).toMatchObject({ ok: false, error: { kind: 'http-status', status: 503 } });
  });

  it('gives up on a server that never answers after timeoutMs, aborting the request', async () => {
    const { fetch, calls } = fakeFetch(neverAnswers);
    const started = performance.now();
    const result = await fetchWebPage('https://slow.example/', signal(), options(fetch, { timeoutMs: 50 }));
    expect(result).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(!result.ok && result.error.message).toContain('https://slow.example/');
    expect(performance.now() - started).toBeLessThan(5000);
    expect(calls[0]?.init?.signal?.aborted).toBe(true);
  });

  it('gives up on a body that stalls after the headers after timeoutMs', async () => {
    const { fetch } = fakeFetch((_url, init) => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('partial '));
          init?.signal?.addEventListener('abort', () => controller.error(abortError()), { once: true });
        },
      });
      return new Response(stream, { headers: { 'content-type': 'text/plain' } });
    });
    expect(await fetchWebPage('https://slow.example/', signal(), options(fetch, { timeoutMs: 50 }))).toMatchObject({ ok: false, error: { kind: 'timeout' } });
  });

  it('stops when the caller aborts mid-fetch (Stop), aborting the request', async () => {
    const controller = new AbortController();
    const { fetch, calls } = fakeFetch((url, init) => {
      setTimeout(() => controller.abort(), 5);
      return neverAnswers(url, init);
    });
    const result = await fetchWebPage('https://example.com/', controller.signal, options(fetch, { timeoutMs: 10_000 }));
    expect(result).toEqual({ ok: false, error: { kind: 'aborted', message: 'Stopped.' } });
    expect(calls[0]?.init?.signal?.aborted).toBe(true);
  });

  it('sends nothing when the caller has already stopped', async () => {
    const controller = new AbortController();
    controller.abort();
    const { fetch, calls } = fakeFetch(() => html('<p>x</p>'));
    expect(await fetchWebPage('https://example.com/', controller.signal, options(fetch))).toMatchObject({ ok: false, error: { kind: 'aborted' } });
    expect(calls).toEqual([]);
  });

  it('clears its time limit once the page is read (the request is not aborted afterwards)', async () => {
    const { fetch, calls } = fakeFetch(() => html('<p>quick</p>'));
    expect(await fetchWebPage('https://example.com/', signal(), options(fetch, { timeoutMs: 20 }))).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls[0]?.init?.signal?.aborted).toBe(false);
  });

  it.each(['ftp://example.com/file.txt', 'javascript:alert(1)', 'not a url', 'https://user:pw@example.com/', 'https://user@example.com/', 'file:///etc/passwd', 'data:text/html,<p>x</p>', '/relative/path', ''])(
    'refuses %j as an invalid URL without a request',
    async (url) => {
      const { fetch, calls } = fakeFetch(() => html('<p>x</p>'));
      expect(await fetchWebPage(url, signal(), options(fetch, { allowLocalAddresses: true }))).toMatchObject({ ok: false, error: { kind: 'invalid-url' } });
      expect(calls).toEqual([]);
    },
  );

  it('sends the request without credentials, following redirects, asking for HTML or text first', async () => {
    const { fetch, calls } = fakeFetch(() => html('<p>x</p>'));
    await fetchWebPage('https://example.com/', signal(), options(fetch));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init).toMatchObject({ credentials: 'omit', redirect: 'follow' });
    expect(String((calls[0]?.init?.headers as Record<string, string>).Accept)).toMatch(/^text\/html/);
  });

  it('never rejects: every failure above is a value', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new Error('anything')));
    await expect(fetchWebPage('https://example.com/', signal(), options(fetch))).resolves.toMatchObject({ ok: false, error: { kind: 'blocked' } });
  });
});

describe('fetchWebPage when HTML cannot be converted', () => {
  // Every failure is data: a converter that fails to load (its chunk, offline before the first
  // fetch) or to run is an `unreadable` failure, not a rejection.
  it('returns an unreadable failure, not a rejection, when toMarkdown rejects', async () => {
    const { fetch } = fakeFetch(() => html('<p>x</p>'));
    const toMarkdown = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    const result = await fetchWebPage('https://example.com/', signal(), options(fetch, { toMarkdown }));
    expect(result).toMatchObject({ ok: false, error: { kind: 'unreadable' } });
    expect(!result.ok && result.error.message).toContain('Failed to fetch dynamically imported module');
  });
});

describe('checkAddress', () => {
  it('requests plain http to [::1] as localhost (the CSP cannot name [::1]); https to [::1] as given', () => {
    const v6 = checkAddress('http://[::1]:5173/a?b', true);
    expect(v6.ok && [v6.value.target.href, v6.value.upgraded]).toEqual(['http://localhost:5173/a?b', false]);
    const secure = checkAddress('https://[::1]:5173/', true);
    expect(secure.ok && secure.value.target.href).toBe('https://[::1]:5173/');
  });

  it('trims the address, upgrades plain http for other machines, and keeps http for localhost and 127.0.0.1', () => {
    expect(checkAddress('  https://example.com/a  ', false)).toMatchObject({ ok: true, value: { upgraded: false } });
    const upgraded = checkAddress('http://example.com:8080/a?b#c', false);
    expect(upgraded.ok && upgraded.value.target.href).toBe('https://example.com:8080/a?b#c');
    expect(upgraded.ok && upgraded.value.upgraded).toBe(true);
    const local = checkAddress('http://127.0.0.1:5173/', true);
    expect(local.ok && local.value.target.href).toBe('http://127.0.0.1:5173/');
    expect(local.ok && local.value.upgraded).toBe(false);
  });
});

describe('messages about an address', () => {
  it('quote at most 200 characters of it, so a huge argument is never echoed back whole', () => {
    const huge = `https://127.0.0.1/${'a'.repeat(300_000)}`;
    const refused = checkAddress(huge, false);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.message.length).toBeLessThan(500);
    const invalid = checkAddress(`not a url ${'b'.repeat(300_000)}`, false);
    expect(!invalid.ok && invalid.error.message.length).toBeLessThan(500);
  });
});

describe('fetchWebPage on a huge HTML page', () => {
  const paragraph = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20)}</p>\n`;
  const hugePage = `<!doctype html><html><body><h1>Huge</h1>${paragraph.repeat(Math.ceil((5 * 1024 * 1024) / paragraph.length))}</body></html>`;

  it('converts only the start of it, until the text is longer than the model is shown, and says the rest was not converted', async () => {
    const { fetch } = fakeFetch(() => html(hugePage));
    const started = performance.now();
    const result = await fetchWebPage('https://example.com/huge', signal(), options(fetch, { maxBytes: 6 * 1024 * 1024, maxChars: 64_000 }));
    // Converted whole, this page took 18 s in Node; sliced it is a fraction of a second (not asserted: no timed assertions).
    expect(performance.now() - started).toBeGreaterThan(0);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.text.length).toBeGreaterThan(64_000);
    expect(result.value.text.length).toBeLessThan(200_000);
    expect(result.value.text.startsWith('# Huge\n\nLorem ipsum')).toBe(true);
    expect(result.value.partial?.htmlChars).toBe(hugePage.length);
    expect(result.value.partial?.convertedChars).toBeLessThan(hugePage.length / 10);
  });

  it('stops converting at Stop, as an aborted failure', async () => {
    const { fetch } = fakeFetch(() => html(`<html><body>${'<script>x</script>'.repeat(400_000)}</body></html>`));
    const controller = new AbortController();
    const result = fetchWebPage('https://example.com/huge', controller.signal, options(fetch, { maxBytes: 10 * 1024 * 1024 }));
    setTimeout(() => controller.abort(), 50);
    await expect(result).resolves.toMatchObject({ ok: false, error: { kind: 'aborted' } });
  });
});


describe('the fetch time limit', () => {
  it('is for the server: a page that arrived in time is converted however long that takes, and only Stop ends the conversion', async () => {
    const { fetch } = fakeFetch(() => html('<p>slow to convert</p>'));
    // Like the real converter: it hears its signal between slices.
    const slow = async (text: string, converting: { signal?: AbortSignal }) => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      converting.signal?.throwIfAborted();
      return { text, complete: true, convertedChars: text.length };
    };
    const result = await fetchWebPage('https://example.com/page', signal(), options(fetch, { timeoutMs: 50, toMarkdown: slow }));
    expect(result.ok).toBe(true);
  });
});

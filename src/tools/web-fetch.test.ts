import { describe, expect, it } from 'vitest';
import type { Result } from '../shared/errors';
import type { WebAccess, WebFetchError, WebFetchErrorKind, WebPage } from '../shared/web-page';
import { createWebAccess } from '../web/web-access';
import { textOf } from './testing/offline-tool-context';
import type { ToolResult } from './types';
import { createWebFetchTool, formatPage, hostOf, summarize } from './web-fetch';
import type { WebFetchArgs } from './web-fetch';
import type { WorkspaceToolContext } from './workspace-tool';

/** web_fetch never touches the sandbox: its context is only the signal. */
function contextOf(signal = new AbortController().signal): WorkspaceToolContext {
  return { signal } as never;
}

function page(overrides: Partial<WebPage> = {}): WebPage {
  return { url: 'https://example.com/', finalUrl: 'https://example.com/', status: 200, contentType: 'text/html; charset=utf-8', format: 'html', text: '# Title\n\nHello.', bytes: 64, cut: false, ...overrides };
}

interface FakeWeb extends WebAccess {
  /** Every fetchPage call: the url and the signal it was given. */
  fetched: Array<{ url: string; signal: AbortSignal }>;
}

/** A WebAccess that refuses nothing and answers every fetch with `answer`. */
function fakeWeb(answer: Result<WebPage, WebFetchError> | (() => Promise<Result<WebPage, WebFetchError>>)): FakeWeb {
  const fetched: FakeWeb['fetched'] = [];
  return {
    fetched,
    refusal: () => null,
    fetchPage: async (url, signal) => {
      fetched.push({ url, signal });
      return typeof answer === 'function' ? answer() : answer;
    },
  };
}

/** Validates, then executes, failing the test if validation refuses. */
async function call(web: WebAccess, args: unknown, maxChars?: number, context = contextOf()): Promise<ToolResult> {
  const tool = createWebFetchTool(maxChars === undefined ? { web } : { web, maxChars });
  const validation = tool.validate(args);
  if (!validation.ok) throw new Error(`Unexpected validation failure: ${validation.message}`);
  return tool.execute(validation.args, context);
}

/** A `fetch` that records the URLs it is asked for and answers every one with `body` as HTML. */
function recordingFetch(body = '<h1>Docs</h1><p>Text.</p>'): { fetch: typeof globalThis.fetch; urls: string[] } {
  const urls: string[] = [];
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    urls.push(String(input));
    return new Response(body, { headers: { 'content-type': 'text/html' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, urls };
}

describe('web_fetch declaration', () => {
  it('is named web_fetch, of kind fetch, and requires a url string', () => {
    const tool = createWebFetchTool({ web: fakeWeb({ ok: true, value: page() }) });
    expect(tool.declaration.name).toBe('web_fetch');
    expect(tool.declaration.kind).toBe('fetch');
    const schema = tool.declaration.parametersJsonSchema as { type: string; properties: Record<string, { type: string; description?: string }>; required: string[] };
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['url']);
    expect(schema.properties.url?.type).toBe('string');
    expect(schema.properties.url?.description).toMatch(/http/);
  });

  it('changes no workspace files and summarizes by the url', () => {
    const tool = createWebFetchTool({ web: fakeWeb({ ok: true, value: page() }) });
    expect(tool.affectedPaths({ url: 'https://example.com/' })).toEqual([]);
    expect(tool.summarize({ url: 'https://example.com/a' })).toBe('https://example.com/a');
    expect(summarize({ url: 'https://example.com/b' })).toBe('https://example.com/b');
  });
});

describe('web_fetch validate', () => {
  const { fetch, urls } = recordingFetch();
  const tool = createWebFetchTool({ web: createWebAccess(() => false, { fetch, online: () => true }) });

  it('refuses 10.0.0.1 as a private network before anything is sent', () => {
    const validation = tool.validate({ url: 'https://10.0.0.1/' });
    expect(validation).toMatchObject({ ok: false, errorType: 'WEB_FETCH_LOCAL_ADDRESS' });
    expect(!validation.ok && validation.message).toContain('10.0.0.0/8 (a private network)');
    expect(urls).toEqual([]);
  });

  it.each(['http://localhost:3000/', 'http://127.0.0.1/', 'http://2130706433/', 'http://[::1]/', 'https://LOCALHOST./', 'http://192.168.0.1/'])('refuses the local address %s', (url) => {
    expect(tool.validate({ url })).toMatchObject({ ok: false, errorType: 'WEB_FETCH_LOCAL_ADDRESS' });
    expect(urls).toEqual([]);
  });

  it.each(['not a url', 'example.com', 'ftp://example.com/', 'javascript:alert(1)', 'file:///etc/passwd', 'https://user:pw@example.com/'])('refuses %j as an invalid URL', (url) => {
    expect(tool.validate({ url })).toMatchObject({ ok: false, errorType: 'WEB_FETCH_INVALID_URL' });
  });

  it('refuses a missing, empty or non-string url with the generic invalid-arguments type', () => {
    expect(tool.validate({})).toEqual({ ok: false, message: 'Missing required parameter "url".', errorType: 'INVALID_TOOL_PARAMS' });
    expect(tool.validate({ url: '' })).toEqual({ ok: false, message: 'Parameter "url" must not be empty.', errorType: 'INVALID_TOOL_PARAMS' });
    expect(tool.validate({ url: 42 })).toMatchObject({ ok: false, errorType: 'INVALID_TOOL_PARAMS' });
    expect(tool.validate('https://example.com/')).toMatchObject({ ok: false, errorType: 'INVALID_TOOL_PARAMS' });
  });

  it('accepts an https address, and a plain-http public one (it is asked over https)', () => {
    expect(tool.validate({ url: 'https://example.com/docs?q=1' })).toEqual({ ok: true, args: { url: 'https://example.com/docs?q=1' } });
    expect(tool.validate({ url: 'http://example.com/' })).toEqual({ ok: true, args: { url: 'http://example.com/' } });
    expect(urls).toEqual([]);
  });

  it('asks Settings on every call whether local addresses are allowed', () => {
    let allowed = false;
    const settingTool = createWebFetchTool({ web: createWebAccess(() => allowed, { fetch, online: () => true }) });
    expect(settingTool.validate({ url: 'http://localhost:5173/' })).toMatchObject({ ok: false, errorType: 'WEB_FETCH_LOCAL_ADDRESS' });
    allowed = true;
    expect(settingTool.validate({ url: 'http://localhost:5173/' })).toMatchObject({ ok: true });
    // Allowed, but this page may use plain http only on this machine.
    expect(settingTool.validate({ url: 'http://192.168.1.1/' })).toMatchObject({ ok: false, errorType: 'WEB_FETCH_INSECURE' });
    expect(settingTool.validate({ url: 'https://192.168.1.1/' })).toMatchObject({ ok: true });
  });
});

describe('web_fetch preview', () => {
  const tool = createWebFetchTool({ web: fakeWeb({ ok: true, value: page() }) });

  it('names the host (with its port) the person is asked to allow', async () => {
    const preview = await tool.preview({ url: 'https://docs.example.org:8443/guide/intro' }, contextOf());
    expect(preview).toEqual({ type: 'text', text: 'Fetch a page from docs.example.org:8443:\nhttps://docs.example.org:8443/guide/intro' });
  });

  it('names the real host of a userinfo look-alike, not the part before @', () => {
    expect(hostOf('https://example.com@evil.example/')).toBe('evil.example');
    expect(hostOf('not a url')).toBeNull();
  });
});

describe('web_fetch execute', () => {
  it('gives the model the final URL, the content type, then the text', async () => {
    const result = await call(fakeWeb({ ok: true, value: page() }), { url: 'https://example.com/' });
    expect(textOf(result)).toBe('URL: https://example.com/\nContent-Type: text/html; charset=utf-8\n\n# Title\n\nHello.');
    expect(result.display).toEqual({ type: 'text', text: textOf(result) });
  });

  it('shows Requested: only after a redirect', async () => {
    const moved = page({ url: 'https://example.com/old', finalUrl: 'https://www.example.com/new' });
    const text = textOf(await call(fakeWeb({ ok: true, value: moved }), { url: 'https://example.com/old' }));
    expect(text.startsWith('URL: https://www.example.com/new\nRequested: https://example.com/old\nContent-Type: ')).toBe(true);
    const direct = textOf(await call(fakeWeb({ ok: true, value: page() }), { url: 'https://example.com/' }));
    expect(direct).not.toContain('Requested:');
  });

  it('says when the server sent no Content-Type', async () => {
    const text = textOf(await call(fakeWeb({ ok: true, value: page({ contentType: '', format: 'text', text: 'plain' }) }), { url: 'https://example.com/' }));
    expect(text).toBe('URL: https://example.com/\nContent-Type: (none sent)\n\nplain');
  });

  it('cuts a page longer than maxChars with a note saying how much is shown', async () => {
    const long = page({ text: 'x'.repeat(1500) });
    const text = textOf(await call(fakeWeb({ ok: true, value: long }), { url: 'https://example.com/' }, 1000));
    expect(text).toBe(`URL: https://example.com/\nContent-Type: text/html; charset=utf-8\n\n${'x'.repeat(1000)}\n\n[Cut: the first 1,000 of 1,500 characters are shown.]`);
  });

  it('says a page converted only in part goes on, and how much of its HTML was converted', async () => {
    const partial = page({ text: 'x'.repeat(1500), partial: { convertedChars: 30_000, htmlChars: 1_000_000 } });
    const text = textOf(await call(fakeWeb({ ok: true, value: partial }), { url: 'https://example.com/' }, 1000));
    expect(text).toBe(
      `URL: https://example.com/\nContent-Type: text/html; charset=utf-8\n\n${'x'.repeat(1000)}\n\n` +
        "[Cut: the first 1,000 characters are shown. The page's text goes on: only the first 3% of its HTML was turned into text.]",
    );
  });

  it('does not cut a page of exactly maxChars', async () => {
    const text = textOf(await call(fakeWeb({ ok: true, value: page({ text: 'y'.repeat(1000) }) }), { url: 'https://example.com/' }, 1000));
    expect(text).not.toContain('[Cut');
    expect(text.endsWith('y'.repeat(1000))).toBe(true);
  });

  it('cuts at WEB_FETCH_MAX_CHARS (64,000) by default', async () => {
    const text = textOf(await call(fakeWeb({ ok: true, value: page({ text: 'z'.repeat(70_000) }) }), { url: 'https://example.com/' }));
    expect(text).toContain('[Cut: the first 64,000 of 70,000 characters are shown.]');
    expect(text.match(/z+/)?.[0].length).toBe(64_000);
  });

  it('notes a body that was cut at the read limit', async () => {
    const log = 'https://example.com/log.txt';
    const cut = page({ url: log, finalUrl: log, format: 'text', contentType: 'text/plain', text: 'start of a huge log', bytes: 5 * 1024 * 1024, cut: true });
    const text = textOf(await call(fakeWeb({ ok: true, value: cut }), { url: log }));
    expect(text).toBe('URL: https://example.com/log.txt\nContent-Type: text/plain\n\nstart of a huge log\n\n[Cut: only the first 5 MB of the body were read.]');
  });

  it('gives both notes when the text is long and the body was cut', () => {
    const text = formatPage(page({ text: 'w'.repeat(20), bytes: 2048, cut: true }), 10);
    expect(text.endsWith('\n\n[Cut: the first 10 of 20 characters are shown.]\n[Cut: only the first 2 KB of the body were read.]')).toBe(true);
  });

  it('says a binary body is not shown, with its size', async () => {
    const binary = page({ url: 'https://example.com/logo.png', finalUrl: 'https://example.com/logo.png', contentType: 'image/png', format: 'binary', text: '', bytes: 2048 });
    const text = textOf(await call(fakeWeb({ ok: true, value: binary }), { url: 'https://example.com/logo.png' }));
    expect(text).toBe('URL: https://example.com/logo.png\nContent-Type: image/png\n\nThe body is binary (2 KB), so it is not shown. web_fetch gives the text of pages and text files.');
  });

  it('says a page has no readable text', async () => {
    const text = textOf(await call(fakeWeb({ ok: true, value: page({ text: '  \n' }) }), { url: 'https://example.com/' }));
    expect(text).toContain('[The page has no readable text.]');
  });

  it('passes the url and the call signal to the web', async () => {
    const web = fakeWeb({ ok: true, value: page() });
    const controller = new AbortController();
    await call(web, { url: 'https://example.com/a' }, undefined, contextOf(controller.signal));
    expect(web.fetched).toHaveLength(1);
    expect(web.fetched[0]?.url).toBe('https://example.com/a');
    expect(web.fetched[0]?.signal).toBe(controller.signal);
  });

  it.each<[WebFetchErrorKind, string]>([
    ['blocked', 'WEB_FETCH_BLOCKED'],
    ['offline', 'WEB_FETCH_OFFLINE'],
    ['http-status', 'WEB_FETCH_HTTP_STATUS'],
    ['redirected-to-local', 'WEB_FETCH_REDIRECTED_TO_LOCAL'],
    ['local-address', 'WEB_FETCH_LOCAL_ADDRESS'],
    ['invalid-url', 'WEB_FETCH_INVALID_URL'],
    ['timeout', 'WEB_FETCH_TIMEOUT'],
    ['aborted', 'WEB_FETCH_ABORTED'],
    ['insecure', 'WEB_FETCH_INSECURE'],
  ])('turns a %s failure into the ToolError %s with its message for the model', async (kind, type) => {
    const message = `The ${kind} message.`;
    const result = await call(fakeWeb({ ok: false, error: { kind, message } }), { url: 'https://example.com/' });
    expect(result).toEqual({ llmContent: message, error: { type, message } });
  });

  it('never rejects: a WebAccess that throws becomes WEB_FETCH_FAILED', async () => {
    const web = fakeWeb(() => Promise.reject(new Error('worker gone')));
    await expect(call(web, { url: 'https://example.com/' })).resolves.toEqual({ llmContent: 'worker gone', error: { type: 'WEB_FETCH_FAILED', message: 'worker gone' } });
  });

  it('reads a real page end to end through createWebAccess, over https for a plain-http address', async () => {
    const { fetch, urls } = recordingFetch('<script>steal()</script><h1>Docs</h1><p>Text.</p>');
    const web = createWebAccess(() => false, { fetch, online: () => true });
    const text = textOf(await call(web, { url: 'http://example.com/docs' }));
    expect(urls).toEqual(['https://example.com/docs']);
    expect(text).toBe('URL: https://example.com/docs\nContent-Type: text/html\n\n# Docs\n\nText.');
  });

  it('returns a blocked ToolError end to end when the browser cannot read the page', async () => {
    const fetch = (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch;
    const result = await call(createWebAccess(() => false, { fetch, online: () => true }), { url: 'https://example.com/' } satisfies WebFetchArgs);
    expect(result.error?.type).toBe('WEB_FETCH_BLOCKED');
    expect(result.llmContent).toContain('CORS');
  });
});

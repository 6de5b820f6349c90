/**
 * Fault suite T2 for web_fetch: generated argument sets (wrong types, a missing url, extra
 * fields, huge strings, NUL bytes, look-alike Unicode, other schemes, and local and private
 * hosts in every encoding the URL parser accepts) through the tool over createWebAccess with
 * local addresses not allowed. Every set must get exactly one answer (a refusal from
 * `validate`, or one well-formed ToolResult from `execute`), and the network (a recording
 * `fetch`) must never be asked for a local or private host, nor for anything but http(s).
 *
 * The seed is fast-check's global one (FC_SEED); LOOPSCOPE_T2_SETS=N runs any number of sets.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withTimeout } from '../shared/abort';
import { createWebAccess } from '../web/web-access';
import { localAddressReason } from '../web/local-address';
import { hugeString, wrongType } from './testing/argument-faults';
import { describeArgs } from './testing/fault-harness';
import type { ToolResult } from './types';
import { createWebFetchTool } from './web-fetch';
import type { WorkspaceToolContext } from './workspace-tool';

const SETS = Number(process.env.LOOPSCOPE_T2_SETS ?? 300);
/** FC_SEED=random leaves fast-check unseeded: then a random seed, printed with the counts. */
const SEED = fc.readConfigureGlobal().seed ?? Math.floor(Math.random() * 2 ** 31);
const CALL_LIMIT_MS = 10_000;

const MISSING = Symbol('missing');

/** Hosts that are this machine or a private network, spelled every way a URL may spell them. */
const LOCAL_HOSTS = [
  'localhost', 'LOCALHOST', 'localhost.', 'LocalHost.', 'app.localhost', 'a.b.LOCALHOST.', 'printer.local',
  '127.0.0.1', '127.1', '127.0.1', '127.0.0.1.', '127.255.255.254', '2130706433', '0x7f000001', '0x7F.0.0.1', '0x7f.1', '0177.0.0.1', '0177.1', '017700000001',
  '%31%32%37.0.0.1', '%6c%6f%63%61%6c%68%6f%73%74', '127%2e0%2e0%2e1', '\uff11\uff12\uff17\uff0e\uff10\uff0e\uff10\uff0e\uff11', '127\u30020\u30020\u30021', '\u2460\u2461\u2466.0.0.1',
  '\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54', 'local\u00adhost', 'localhost\u200b', 'LOCALHOST\u3002',
  '10.0.0.1', '10.255.255.255', '0xa.0.0.1', '012.0.0.1', '167772161', '172.16.0.1', '172.31.255.255', '0xac.0x10.0.1', '192.168.1.1', '3232235777', '0xc0a80101', '0300.0250.1.1',
  '169.254.169.254', '2852039166', '0', '0.0.0.0', '00000', '0x0', '100.64.0.1', '100.127.255.255',
  '[::1]', '[0:0:0:0:0:0:0:1]', '[0::1]', '[::]', '[::0.0.0.1]', '[::ffff:127.0.0.1]', '[::FFFF:7f00:1]', '[0:0:0:0:0:ffff:10.0.0.1]', '[::ffff:c0a8:101]', '[::ffff:169.254.169.254]',
  '[fd12::1]', '[FC00::]', '[fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]', '[fe80::1]', '[FE80::a:b]', '[febf::1]',
];

/** Hosts that are public. */
const PUBLIC_HOSTS = ['example.com', 'EXAMPLE.COM', 'www.example.org', 'raw.githubusercontent.com', '8.8.8.8', '134744072', '172.32.0.1', '172.15.255.255', '100.63.255.255', '[2001:4860:4860::8888]', 'xn--e1afmkfd.xn--p1ai', '\u0435xample.com', 'l\u043ecalhost', 'localhost.example.com', '127.0.0.1.nip.io'];

const SCHEMES = ['https://', 'http://', 'HTTPS://', 'hTtP://', 'https:', 'http:/', 'https:\\\\', 'http:\\/', ' https://', '\thttp://', '\nhttps://'];
const USERINFO = ['user@', 'user:pw@', 'example.com@', 'example.com:443@', '%40@', 'a:b@example.com:c@'];
const PORTS = ['', '', ':80', ':443', ':8080', ':0', ':65535'];
const TAILS = ['/', '/', '', '/admin', '/latest/meta-data/', '?q=1', '#top', '\\admin', '/%2e%2e/etc/passwd', '/..;/x'];

const OTHER_SCHEMES = [
  'file:///etc/passwd', 'file://localhost/etc/passwd', 'FILE:///C:/Windows/win.ini', 'data:text/html,<script>alert(1)</script>', 'data:,hello', 'javascript:alert(1)', 'JavaScript:fetch("http://127.0.0.1/")',
  ' javascript:alert(1)', 'java\tscript:alert(1)', 'blob:https://example.com/0b6f9c4c-1d0e-4f9a-8b3c-6b1d2f0e9a11', 'blob:null/x', 'ftp://example.com/file.txt', 'ftp://127.0.0.1/', 'ws://example.com/', 'wss://127.0.0.1/',
  'gopher://127.0.0.1:6379/_INFO', 'about:blank', 'chrome://settings', 'view-source:https://example.com/', 'mailto:a@example.com', 'tel:123', 'urn:isbn:0451450523', 'filesystem:https://example.com/temporary/x',
];

const NOT_URLS = ['', ' ', 'not a url', 'example.com', '//example.com/', '/etc/passwd', 'localhost:3000', '127.0.0.1', 'https://', 'https:///', 'http://[::1', 'http://[fe80::1%25eth0]/', 'https://exa mple.com/', 'https://%00/', 'http://256.256.256.256/', '\ufeffhttps://example.com/', '\u202ehttps://example.com/'];

const GOOD_URLS = ['https://example.com/', 'https://raw.githubusercontent.com/owner/repo/main/README.md', 'https://developer.mozilla.org/en-US/docs/Web/API/fetch', 'http://example.org/a?b=1#c', 'https://8.8.8.8/', 'https://[2001:4860:4860::8888]/dns', 'HTTPS://EXAMPLE.COM/PATH'];

const composed = (hosts: string[]) =>
  fc.tuple(fc.constantFrom(...SCHEMES), fc.oneof({ arbitrary: fc.constant(''), weight: 5 }, { arbitrary: fc.constantFrom(...USERINFO), weight: 1 }), fc.constantFrom(...hosts), fc.constantFrom(...PORTS), fc.constantFrom(...TAILS)).map((parts) => parts.join(''));

/** NUL somewhere in `base`. */
const withNul = (base: fc.Arbitrary<string>) =>
  fc.tuple(base, fc.nat(), fc.constantFrom('\u0000', '%00', '\u0000@127.0.0.1', '\u0000\u0000')).map(([text, at, nul]) => {
    const index = at % (text.length + 1);
    return text.slice(0, index) + nul + text.slice(index);
  });

const huge = fc.oneof(
  fc.constantFrom(5_000, 70_000, 1_200_000).map((size) => `https://example.com/${hugeString(size)}`),
  fc.constantFrom(64, 300, 70_000).map((size) => `https://${'a'.repeat(size)}.example.com/`),
  fc.constantFrom(300_000).map((size) => hugeString(size)),
  fc.constantFrom(100, 5_000).map((count) => `https://${'127.'.repeat(count)}0.0.1/`),
);

const urlValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...GOOD_URLS), weight: 3 },
  { arbitrary: composed(PUBLIC_HOSTS), weight: 3 },
  { arbitrary: composed(LOCAL_HOSTS), weight: 8 },
  { arbitrary: fc.constantFrom(...OTHER_SCHEMES), weight: 3 },
  { arbitrary: fc.constantFrom(...NOT_URLS), weight: 2 },
  { arbitrary: withNul(fc.oneof(fc.constantFrom(...GOOD_URLS), composed(LOCAL_HOSTS))), weight: 2 },
  { arbitrary: huge, weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).map((text) => `https://${text}/`), weight: 1 },
);

const urlField = fc.oneof({ arbitrary: urlValue, weight: 12 }, { arbitrary: wrongType, weight: 1 }, { arbitrary: fc.constant(MISSING), weight: 1 });

const extraFields = fc.dictionary(
  fc.constantFrom('extra', 'URL', 'uri', 'href', 'allowLocalAddresses', 'allow_local', 'headers', 'method', 'credentials', 'constructor', 'toString', 'hasOwnProperty'),
  fc.oneof(fc.constant(true), fc.constant('http://127.0.0.1/'), fc.constant({ Authorization: 'Bearer x' }), fc.constant('POST'), wrongType),
  { maxKeys: 3 },
);

const argumentSet: fc.Arbitrary<unknown> = fc.oneof(
  {
    arbitrary: fc.tuple(urlField, fc.option(extraFields, { freq: 4 }), fc.nat(19)).map(([url, extra, roll]) => {
      const args: Record<string, unknown> = { ...extra };
      if (url !== MISSING) args.url = url;
      // JSON from a model may carry an own "__proto__" key.
      if (roll === 0) Object.defineProperty(args, '__proto__', { value: { url: 'http://127.0.0.1/' }, enumerable: true, writable: true, configurable: true });
      return args;
    }),
    weight: 19,
  },
  { arbitrary: fc.oneof(fc.constant(null), fc.constant(undefined), urlValue, fc.integer(), fc.constant(['http://127.0.0.1/']), fc.constant('{"url":"http://127.0.0.1/"}')), weight: 1 },
);

interface Tally {
  sets: number;
  responses: number;
  refused: Record<string, number>;
  errors: Record<string, number>;
  ok: number;
  requests: number;
  violations: string[];
}

/** Why the request for `url` should never have been sent, or null. */
function forbiddenRequest(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `a request for something that is not a URL: ${JSON.stringify(url.slice(0, 80))}`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `a ${parsed.protocol} request`;
  const reason = localAddressReason(parsed.hostname);
  return reason ? `a request to ${parsed.hostname} (${reason})` : null;
}

function malformed(result: unknown): string | null {
  if (!result || typeof result !== 'object') return `not an object: ${String(result)}`;
  const { llmContent, error } = result as Partial<ToolResult>;
  if (typeof llmContent !== 'string') return 'llmContent is not text';
  if (error !== undefined && (typeof error.type !== 'string' || typeof error.message !== 'string')) return 'error without type and message';
  if (error === undefined && !llmContent.startsWith('URL: http')) return `a page without its URL: ${llmContent.slice(0, 60)}`;
  return null;
}

/** Runs `sets` through web_fetch over createWebAccess(() => allowLocal) and a recording fetch. */
async function runSets(sets: unknown[], allowLocal: boolean): Promise<Tally> {
  const tally: Tally = { sets: 0, responses: 0, refused: {}, errors: {}, ok: 0, requests: 0, violations: [] };
  let requested: string[] = [];
  const recorder = async (input: RequestInfo | URL): Promise<Response> => {
    requested.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return new Response('<p>ok</p>', { status: 200, headers: { 'content-type': 'text/html' } });
  };
  const tool = createWebFetchTool({ web: createWebAccess(() => allowLocal, { fetch: recorder as typeof globalThis.fetch, online: () => true }) });
  for (const args of sets) {
    tally.sets += 1;
    requested = [];
    const shown = describeArgs(args);
    let validation: ReturnType<typeof tool.validate>;
    try {
      validation = tool.validate(args);
    } catch (thrown) {
      tally.violations.push(`validate threw ${String(thrown)}: ${shown}`);
      continue;
    }
    if (!validation.ok) {
      tally.responses += 1;
      const type = validation.errorType ?? 'INVALID_TOOL_PARAMS';
      tally.refused[type] = (tally.refused[type] ?? 0) + 1;
    } else {
      const controller = new AbortController();
      const context = { signal: controller.signal } as WorkspaceToolContext;
      const settled = await withTimeout(
        tool.execute(validation.args, context).then(
          (result) => ({ result }),
          (thrown: unknown) => ({ thrown }),
        ),
        CALL_LIMIT_MS,
        () => null,
      );
      controller.abort();
      if (settled === null) tally.violations.push(`no response within ${CALL_LIMIT_MS} ms: ${shown}`);
      else if ('thrown' in settled) tally.violations.push(`execute rejected ${String(settled.thrown)}: ${shown}`);
      else {
        const problem = malformed(settled.result);
        if (problem) tally.violations.push(`malformed result (${problem}): ${shown}`);
        else {
          tally.responses += 1;
          const error = settled.result.error;
          if (error) tally.errors[error.type] = (tally.errors[error.type] ?? 0) + 1;
          else tally.ok += 1;
        }
      }
    }
    tally.requests += requested.length;
    if (requested.length > 1) tally.violations.push(`${requested.length} requests for one call: ${shown}`);
    for (const url of requested) {
      const forbidden = forbiddenRequest(url);
      if (forbidden) tally.violations.push(`${forbidden}: ${shown}`);
    }
  }
  return tally;
}

describe('web_fetch arguments under faults', () => {
  it(
    `answers each of ${SETS} generated argument sets exactly once and never asks the network for a local host or a non-http(s) URL`,
    async () => {
      const sets = fc.sample(argumentSet, { seed: SEED, numRuns: SETS });
      const tally = await runSets(sets, false);
      console.log(`web_fetch T2 (seed ${SEED}): ${JSON.stringify({ ...tally, violations: tally.violations.length })}`);
      expect(tally.violations.slice(0, 20)).toEqual([]);
      expect(tally.sets).toBe(SETS);
      expect(tally.responses).toBe(SETS);
      // The sets reached every outcome, so the checks above were exercised.
      expect(tally.ok).toBeGreaterThan(0);
      expect(tally.requests).toBe(tally.ok);
      expect(tally.refused.WEB_FETCH_LOCAL_ADDRESS ?? 0).toBeGreaterThan(SETS / 10);
      expect(tally.refused.WEB_FETCH_INVALID_URL ?? 0).toBeGreaterThan(0);
      expect(tally.refused.INVALID_TOOL_PARAMS ?? 0).toBeGreaterThan(0);
    },
    60_000,
  );

  it.each([
    ['https://[::ffff:127.0.0.1]/', 'WEB_FETCH_LOCAL_ADDRESS'],
    ['https://example.com@127.0.0.1/', 'WEB_FETCH_INVALID_URL'],
    ['https://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54/', 'WEB_FETCH_LOCAL_ADDRESS'],
    ['https:\\\\0x7f.1\\admin', 'WEB_FETCH_LOCAL_ADDRESS'],
    ['http://%31%32%37.0.0.1/', 'WEB_FETCH_LOCAL_ADDRESS'],
    ['https://0300.0250.1.1/', 'WEB_FETCH_LOCAL_ADDRESS'],
    ['blob:https://example.com/0b6f9c4c', 'WEB_FETCH_INVALID_URL'],
    ['data:,hello', 'WEB_FETCH_INVALID_URL'],
  ])('refuses %j before anything is sent (%s)', async (url, type) => {
    const tally = await runSets([{ url }], false);
    expect(tally.refused).toEqual({ [type]: 1 });
    expect(tally.requests).toBe(0);
  });

  it('would catch a request to a local host: with local addresses allowed, the same checks report them', async () => {
    const tally = await runSets([{ url: 'https://127.0.0.1/' }, { url: 'http://localhost:3000/' }, { url: 'https://[fd12::1]/' }, { url: 'https://example.com/' }], true);
    expect(tally.requests).toBe(4);
    expect(tally.violations).toEqual([
      'a request to 127.0.0.1 (127.0.0.0/8 (this machine)): {"url":"https://127.0.0.1/"}',
      'a request to localhost (localhost (this machine)): {"url":"http://localhost:3000/"}',
      'a request to [fd12::1] (fc00::/7 (a private network)): {"url":"https://[fd12::1]/"}',
    ]);
  });
});

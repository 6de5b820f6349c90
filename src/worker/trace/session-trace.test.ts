/**
 * A session's loop as an OpenTelemetry trace, through the worker: Export → OpenTelemetry trace…
 * answers OTLP/JSON of what the store holds, and Send traces to posts each run's interactions to
 * an OTLP/HTTP endpoint (a real local server here), saying clearly when it cannot.
 */
import 'fake-indexeddb/auto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FC, T, createFakeModel, reply } from '../../agent/testing/fake-model';
import type { ExportedTrace } from '../../shared/traces';
import type { WorkerSettings } from '../protocol';
import { TEST_SETTINGS, createControllerHarness } from '../testing/controller-harness';

let counter = 0;
const GEMINI_KEY = 'AIzaSy-trace-secret-key-0001';
const PROMPT = 'Write the greeting file please';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string } }[];
}
const spansOf = (text: string) =>
  (JSON.parse(text) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }).resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));

function harness(settings: Partial<WorkerSettings> = {}, replies = [reply(FC('write_file', { file_path: 'hello.txt', content: 'hi\n' }), 'STOP'), reply(T('Done.'), 'STOP')]) {
  return createControllerHarness({
    databaseName: `trace-${counter++}`,
    model: createFakeModel(replies),
    settings: { ...TEST_SETTINGS, provider: 'gemini', apiKey: GEMINI_KEY, approvalMode: 'allow-all', ...settings },
  });
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** An OTLP/HTTP receiver on localhost that answers `status` and keeps what it was sent. */
async function receiver(status = 200) {
  const posts: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      posts.push({ headers: request.headers, body });
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(status === 200 ? '{}' : '{"error":"bad key"}');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`, posts };
}

async function until(check: () => boolean, what: string) {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 3000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('Export → OpenTelemetry trace…', () => {
  it('answers the session as OTLP/JSON: invoke_agent, a chat span per request and execute_tool under the one that asked', async () => {
    const tab = harness();
    await tab.init();
    await tab.send({ type: 'send', sessionId: null, text: PROMPT });
    await tab.controller.idle();
    const answer = await tab.send({ type: 'export-trace', sessionId: null, includeMessages: false });
    expect(answer.error).toBeUndefined();
    const trace = answer.value as ExportedTrace;
    expect(trace).toMatchObject({ interactions: 1, spans: 4 });
    expect(trace.fileName).toMatch(/\.otlp\.json$/);
    const spans = spansOf(trace.text);
    expect(spans.map((span) => span.name)).toEqual(['invoke_agent Loopscope', 'chat test-model', 'chat test-model', 'execute_tool write_file']);
    expect(spans[3]!.parentSpanId).toBe(spans[1]!.spanId);
    expect(trace.text).not.toContain(PROMPT);
    expect(trace.text).not.toContain('hello.txt');
    expect(trace.text).not.toContain(GEMINI_KEY);

    const withMessages = (await tab.send({ type: 'export-trace', sessionId: null, includeMessages: true })).value as ExportedTrace;
    expect(withMessages.text).toContain(PROMPT);
    expect(withMessages.text).toContain('hello.txt');
    expect(withMessages.text).not.toContain(GEMINI_KEY);
  });

  it('says there is nothing to export in a session that made no model request', async () => {
    const tab = harness();
    await tab.init();
    const answer = await tab.send({ type: 'export-trace', sessionId: null, includeMessages: false });
    expect(answer.error).toMatchObject({ kind: 'empty' });
  });
});

describe('Send traces to', () => {
  it('posts each finished run\'s interaction once, as its own trace, with the headers set and without messages unless asked', async () => {
    const otlp = await receiver();
    const tab = harness({ traceEndpoint: otlp.url, traceHeaders: 'Authorization=Basic cGs6c2s=, x-project=demo' }, [reply(T('One.'), 'STOP'), reply(T('Two.'), 'STOP')]);
    await tab.init();
    await tab.send({ type: 'send', sessionId: null, text: PROMPT });
    await tab.controller.idle();
    await until(() => otlp.posts.length === 1, 'the first POST');
    await tab.send({ type: 'send', sessionId: null, text: 'And again' });
    await tab.controller.idle();
    await until(() => otlp.posts.length === 2, 'the second POST');
    const [first, second] = otlp.posts.map((post) => spansOf(post.body));
    expect(first!.map((span) => span.name)).toEqual(['invoke_agent Loopscope', 'chat test-model']);
    expect(second!.map((span) => span.name)).toEqual(['invoke_agent Loopscope', 'chat test-model']);
    expect(first![0]!.traceId).not.toBe(second![0]!.traceId);
    expect(otlp.posts[0]!.headers).toMatchObject({ authorization: 'Basic cGs6c2s=', 'x-project': 'demo', 'content-type': 'application/json' });
    expect(otlp.posts.map((post) => post.body).join('')).not.toContain(PROMPT);
    expect(tab.events.filter((event) => event.type === 'notice')).toEqual([]);
  });

  it('says once when the endpoint refuses, and when it cannot be reached names CORS and the origin to allow', async () => {
    const refusing = await receiver(401);
    const tab = harness({ traceEndpoint: refusing.url }, [reply(T('One.'), 'STOP'), reply(T('Two.'), 'STOP')]);
    await tab.init();
    await tab.send({ type: 'send', sessionId: null, text: PROMPT });
    await tab.controller.idle();
    const notices = () => tab.events.filter((event) => event.type === 'notice').map((event) => (event.type === 'notice' ? event.message : ''));
    await until(() => notices().length === 1, 'the refusal');
    expect(notices()[0]).toMatch(/refused the traces: 401.*bad key.*Check Trace headers/);
    await tab.send({ type: 'send', sessionId: null, text: 'Again' });
    await tab.controller.idle();
    await until(() => refusing.posts.length === 2, 'the second POST');
    expect(notices()).toHaveLength(1);

    const closed = await receiver();
    const unreachable = closed.url;
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const other = harness({ traceEndpoint: unreachable }, [reply(T('One.'), 'STOP')]);
    await other.init();
    await other.send({ type: 'send', sessionId: null, text: PROMPT });
    await other.controller.idle();
    await until(() => other.events.some((event) => event.type === 'notice'), 'the unreachable notice');
    const notice = other.events.find((event) => event.type === 'notice');
    expect(notice).toMatchObject({ level: 'warning' });
    expect(notice && notice.type === 'notice' ? notice.message : '').toMatch(/could not be sent.*CORS.*Access-Control-Allow-Origin/);
  });

  it('sends nothing over plain http to another computer, saying the rule; an endpoint on http://[::1] is posted to as http://localhost', async () => {
    const asked: string[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      asked.push(input instanceof Request ? input.url : String(input));
      return new Response('{}', { status: 200 });
    });
    try {
      const lan = harness({ traceEndpoint: 'http://192.168.1.20:4318/v1/traces', traceHeaders: 'Authorization=Basic cGs6c2s=' }, [reply(T('One.'), 'STOP')]);
      await lan.init();
      await lan.send({ type: 'send', sessionId: null, text: PROMPT });
      await lan.controller.idle();
      await until(() => lan.events.some((event) => event.type === 'notice'), 'the refusal');
      const notice = lan.events.find((event) => event.type === 'notice');
      expect(notice && notice.type === 'notice' ? notice.message : '').toBe(
        'Traces were not sent to http://192.168.1.20:4318/v1/traces: Plain http is allowed only to this computer (localhost, 127.0.0.1, [::1]); use https:// for 192.168.1.20:4318.',
      );
      expect(asked).toEqual([]);

      const v6 = harness({ traceEndpoint: 'http://[::1]:4318/v1/traces' }, [reply(T('One.'), 'STOP')]);
      await v6.init();
      await v6.send({ type: 'send', sessionId: null, text: PROMPT });
      await v6.controller.idle();
      await until(() => asked.length === 1, 'the POST');
      expect(asked).toEqual(['http://localhost:4318/v1/traces']);
    } finally {
      spy.mockRestore();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createWorkerClient, deferredWorker } from './client';
import type { WorkerLike } from './client';
import type { PageAgentEvent, WorkerEvent, WorkerMessage } from './protocol';
import { PROTOCOL_VERSION } from './protocol';
import { MAX_BATCH_AGE_MS, createEventBatcher } from './event-batcher';

/** A worker double: records what the page posts and lets the test deliver worker messages. */
function fakeWorker() {
  const listeners: ((event: MessageEvent) => void)[] = [];
  const posted: unknown[] = [];
  const worker: WorkerLike = {
    postMessage: (message) => void posted.push(message),
    addEventListener: (type: string, listener: (event: never) => void) => {
      if (type === 'message') listeners.push(listener as (event: MessageEvent) => void);
    },
  };
  const deliver = (data: unknown) => listeners.forEach((listener) => listener({ data } as MessageEvent));
  return { worker, posted, deliver };
}

const notice = (message: string): WorkerEvent => ({ type: 'notice', level: 'info', message });

describe('worker messages in batches', () => {
  it('posts the events of one task as one message, in order, and the next task’s as the next', () => {
    const sent: WorkerMessage[] = [];
    const tasks: (() => void)[] = [];
    const batcher = createEventBatcher((message) => sent.push(message), (flush) => tasks.push(flush));
    batcher.post(notice('a'));
    batcher.post(notice('b'));
    expect(sent).toEqual([]);
    tasks.shift()!();
    batcher.post(notice('c'));
    tasks.shift()!();
    expect(sent.map((message) => message.events.map((event) => (event.type === 'notice' ? event.message : '')))).toEqual([['a', 'b'], ['c']]);
    expect(tasks).toEqual([]);
  });

  it('posts a batch once its oldest event is 16 ms old, though the task has not ended', () => {
    const sent: WorkerMessage[] = [];
    let clock = 0;
    const batcher = createEventBatcher((message) => sent.push(message), () => {}, () => clock);
    batcher.post(notice('a'));
    clock = 10;
    batcher.post(notice('b'));
    expect(sent).toEqual([]);
    clock = MAX_BATCH_AGE_MS;
    batcher.post(notice('c'));
    clock = MAX_BATCH_AGE_MS + 1;
    batcher.post(notice('d'));
    expect(sent.map((message) => message.events.length)).toEqual([3]);
    batcher.flush();
    expect(sent.map((message) => message.events.length)).toEqual([3, 1]);
  });

  it('posts the end of an answer (marked urgent) at once, with the events before it', () => {
    const sent: WorkerMessage[] = [];
    const tasks: (() => void)[] = [];
    const batcher = createEventBatcher((message) => sent.push(message), (flush) => tasks.push(flush), () => 0);
    batcher.post({ type: 'agent-event', sessionId: 's', event: { type: 'content', value: 'last words' } });
    batcher.post({ type: 'agent-event', sessionId: 's', event: { type: 'finished', value: { reason: 'STOP' } }, urgent: true });
    expect(sent.map((message) => message.events.length)).toEqual([2]);
    batcher.post(notice('after'));
    tasks.forEach((task) => task());
    expect(sent.map((message) => message.events.length)).toEqual([2, 1]);
  });

  it('posts only the events marked urgent at once: the end of a response that asked for tools waits for the task to end', () => {
    const sent: WorkerMessage[] = [];
    const tasks: (() => void)[] = [];
    const batcher = createEventBatcher((message) => sent.push(message), (flush) => tasks.push(flush), () => 0);
    const agent = (event: PageAgentEvent, urgent = false): WorkerEvent => (urgent ? { type: 'agent-event', sessionId: 's', event, urgent } : { type: 'agent-event', sessionId: 's', event });
    batcher.post(agent({ type: 'round_trip_start', value: { roundTripId: 'r1', model: 'm' } }));
    batcher.post(agent({ type: 'finished', value: { reason: 'STOP' } }));
    batcher.post(agent({ type: 'round_trip_end', value: { roundTripId: 'r1' } }));
    expect(sent).toEqual([]);
    tasks.forEach((task) => task());
    expect(sent.map((message) => message.events.length)).toEqual([3]);
    batcher.post(agent({ type: 'content', value: 'Done.' }));
    batcher.post(agent({ type: 'finished', value: { reason: 'STOP' } }, true));
    expect(sent.map((message) => message.events.length)).toEqual([3, 2]);
  });

  it('hands each event of a batch to subscribers in order and answers requests from it', async () => {
    const { worker, posted, deliver } = fakeWorker();
    const client = createWorkerClient(worker);
    const seen: string[] = [];
    client.subscribe((event) => void seen.push(event.type === 'notice' ? event.message : event.type));
    const answer = client.request({ type: 'stop' });
    const { id } = posted[0] as { id: string };
    deliver({ v: PROTOCOL_VERSION, type: 'events', events: [notice('first'), { type: 'response', id, value: 7 }, notice('second')] });
    expect(await answer).toEqual({ ok: true, value: 7 });
    expect(seen).toEqual(['first', 'second']);
  });

  it('ignores messages from a worker of another protocol version', () => {
    const { worker, deliver } = fakeWorker();
    const client = createWorkerClient(worker);
    const seen: WorkerEvent[] = [];
    client.subscribe((event) => void seen.push(event));
    deliver({ v: PROTOCOL_VERSION - 1, type: 'notice', level: 'info', message: 'old' });
    deliver({ v: PROTOCOL_VERSION + 1, type: 'events', events: [notice('new')] });
    expect(seen).toEqual([]);
  });

  it('queues messages and listeners for a worker created later, then delivers them in order', async () => {
    const { worker, posted, deliver } = fakeWorker();
    let create: (real: WorkerLike) => void = () => undefined;
    const client = createWorkerClient(deferredWorker(new Promise<WorkerLike>((resolve) => (create = resolve))));
    const seen: WorkerEvent[] = [];
    client.subscribe((event) => void seen.push(event));
    const answer = client.request({ type: 'stop' });
    client.send({ type: 'next-step' });
    expect(posted).toEqual([]);
    create(worker);
    await Promise.resolve();
    expect(posted.map((message) => (message as { type: string }).type)).toEqual(['stop', 'next-step']);
    const { id } = posted[0] as { id: string };
    deliver({ v: PROTOCOL_VERSION, type: 'events', events: [notice('hello'), { type: 'response', id }] });
    expect(await answer).toEqual({ ok: true, value: undefined });
    expect(seen).toEqual([notice('hello')]);
    client.send({ type: 'stop' });
    expect(posted).toHaveLength(3);
  });

  it('answers waiting requests with an error when the worker cannot be created', async () => {
    const client = createWorkerClient(deferredWorker(Promise.reject(new Error('blocked by policy'))));
    const seen: WorkerEvent[] = [];
    client.subscribe((event) => void seen.push(event));
    expect(await client.request({ type: 'stop' })).toMatchObject({ ok: false, error: { kind: 'worker', message: expect.stringContaining('blocked by policy') } });
    expect(seen).toMatchObject([{ type: 'notice', level: 'error' }]);
    expect(await client.request({ type: 'stop' })).toMatchObject({ ok: false, error: { kind: 'worker' } });
  });
});

describe('the session a request is for', () => {
  const loaded = (sessionId: string): WorkerEvent => ({
    type: 'session-loaded',
    session: { sessionId, approvalMode: 'ask', history: [], interruption: { type: 'none' }, sandboxKind: 'offline' },
  });
  const batch = (...events: WorkerEvent[]): WorkerMessage => ({ v: PROTOCOL_VERSION, type: 'events', events });

  it('is "whichever is open" while a switch is unanswered, and until the page shows the session opened last', async () => {
    const { worker, posted, deliver } = fakeWorker();
    const client = createWorkerClient(worker);
    deliver(batch(loaded('a')));
    expect(client.sessionTarget('a')).toBe('a');

    const switched = client.request({ type: 'new-session' });
    expect(client.sessionTarget('a')).toBeNull(); // New session pressed, not answered yet
    const id = (posted.at(-1) as { id: string }).id;
    // The worker opened b and answered; the page's paced view still shows a for a moment.
    deliver(batch(loaded('b'), { type: 'response', id }));
    await switched;
    expect(client.sessionTarget('a')).toBeNull();
    expect(client.sessionTarget('b')).toBe('b');
  });
});

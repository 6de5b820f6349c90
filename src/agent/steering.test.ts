/**
 * Steering (steering.ts): a message the person sends while the agent works joins at the next
 * boundary, after a batch's results or after a reply without calls, stored as its own entry;
 * never between a call and its result, never lost, never sent twice.
 */
import { describe, expect, it } from 'vitest';
import type { Content } from '../shared/content';
import { createDeferred } from './testing/deferred';
import { FC, reply } from './testing/fake-model';
import { createHarness, texts, waitUntil } from './testing/harness';
import { createFakeSteeringInbox } from './testing/steering-inbox';

const readCall = (id: string) => reply(FC('read_file', { file_path: 'a' }, id), 'STOP');
const steeringEntries = (history: readonly Content[]) => history.filter((content) => content.steering).map((content) => texts(content).join(''));

describe('steering', () => {
  it('joins after the results of the batch that was running, before the next request, as a user entry of its own', async () => {
    const gate = createDeferred();
    const inbox = createFakeSteeringInbox();
    const h = createHarness({ script: [readCall('c1'), reply('done', 'STOP')], tools: { read_file: { gate: gate.promise } }, steering: inbox });
    const running = h.run('read a');
    await waitUntil(() => h.tools.running() === 1);
    inbox.send('use b instead');
    gate.resolve();
    expect(await running).toBe('completed');

    const stored = h.store.history();
    expect(stored.map((content) => content.role)).toEqual(['user', 'model', 'user', 'user', 'model']);
    expect(stored[2]!.parts[0]!.functionResponse?.id).toBe('c1');
    expect(stored[3]).toMatchObject({ role: 'user', parts: [{ text: 'use b instead' }], steering: true });
    // The request merges it into the results' turn, after every functionResponse.
    const last = h.model.requests[1]!.contents.at(-1)!;
    expect(last.parts.map((part) => (part.functionResponse ? 'result' : part.text))).toEqual(['result', 'use b instead']);
    expect(h.ofType('steering_joined')).toEqual([
      { type: 'steering_joined', value: { messages: [{ id: 's1', entryId: stored[3]!.entryId, text: 'use b instead' }] } },
    ]);
    h.expectHealthy();
  });

  it('never splits a call from its result: a message sent while a batch runs waits for all of its results', async () => {
    const gates = { a: createDeferred(), b: createDeferred() };
    const inbox = createFakeSteeringInbox();
    const h = createHarness({
      script: [reply(FC('read_file', { file_path: 'a' }, 'ca'), FC('read_file', { file_path: 'b' }, 'cb'), 'STOP'), reply('done', 'STOP')],
      tools: { read_file: { gate: (args) => gates[args['file_path'] as 'a' | 'b'].promise } },
      steering: inbox,
    });
    const running = h.run('read both');
    await waitUntil(() => h.tools.running() === 2);
    gates.a.resolve();
    await waitUntil(() => h.statuses('ca').includes('success'));
    inbox.send('now');
    gates.b.resolve();
    await running;
    const stored = h.store.history();
    const results = stored[2]!.parts.map((part) => part.functionResponse?.id);
    expect(results).toEqual(['ca', 'cb']);
    expect(steeringEntries(stored)).toEqual(['now']);
    expect(stored.indexOf(stored.find((content) => content.steering)!)).toBe(3);
    h.expectHealthy();
  });

  it('a message sent at the very moment a batch ends joins that boundary once; one sent as the next request leaves joins the next', async () => {
    const inbox = createFakeSteeringInbox();
    let requestsSeen = 0;
    const h = createHarness({ script: [readCall('c1'), reply('first answer', 'STOP'), reply('second answer', 'STOP')], steering: inbox });
    // At the moment of the boundary: sent from inside the take itself, as the batch's results are stored.
    let sentAtBoundary = false;
    inbox.onTake = () => {
      if (sentAtBoundary) return;
      sentAtBoundary = true;
      inbox.send('at the boundary');
    };
    // As the next request is sent: too late for it, so it waits for the next boundary.
    const unsent = h.model.requests;
    const original = h.model.stream.bind(h.model);
    h.model.stream = (request, signal, options) => {
      if (++requestsSeen === 2) inbox.send('while the request goes');
      return original(request, signal, options);
    };
    expect(await h.run('read a')).toBe('completed');

    expect(steeringEntries(h.store.history())).toEqual(['at the boundary', 'while the request goes']);
    expect(unsent).toHaveLength(3);
    expect(unsent[1]!.contents.flatMap(texts)).toContain('at the boundary');
    expect(unsent[1]!.contents.flatMap(texts)).not.toContain('while the request goes');
    expect(unsent[2]!.contents.at(-1)).toMatchObject({ role: 'user', parts: [{ text: 'while the request goes' }] });
    // Each sent exactly once.
    const joined = h.ofType('steering_joined').flatMap((event) => event.value.messages.map((message) => message.id));
    expect(joined).toEqual(['s1', 's2']);
    expect(inbox.waiting()).toEqual([]);
    h.expectHealthy();
  });

  it('at a reply without calls, a waiting message starts the next request of the same run, before the Stop hook', async () => {
    const inbox = createFakeSteeringInbox();
    const order: string[] = [];
    const hold = createDeferred();
    const h = createHarness({
      script: [{ chunks: [{ text: 'I will rename it.', finish: 'STOP' }], hold: { chunkIndex: 0, until: hold.promise } }, reply('Renamed to b.', 'STOP')],
      steering: inbox,
      hooks: { afterAgent: async ({ history }) => void order.push(`stop hook after "${texts(history.at(-1)).join('')}"`) },
    });
    const running = h.run('rename a');
    await waitUntil(() => h.model.requests.length === 1);
    inbox.send('call it b');
    hold.resolve();
    expect(await running).toBe('completed');
    expect(h.model.requests).toHaveLength(2);
    expect(h.model.requests[1]!.contents.at(-1)).toMatchObject({ role: 'user', parts: [{ text: 'call it b' }] });
    expect(order).toEqual(['stop hook after "Renamed to b."']);
    expect(h.ofType('interaction_end')).toHaveLength(1);
    h.expectHealthy();
  });

  it('Stop leaves every message that has not joined in the inbox, in order, and stores none', async () => {
    const gate = createDeferred();
    const inbox = createFakeSteeringInbox();
    const h = createHarness({ script: [readCall('c1')], tools: { read_file: { gate: gate.promise } }, steering: inbox });
    const controller = new AbortController();
    const running = h.run('read a', controller.signal);
    await waitUntil(() => h.tools.running() === 1);
    inbox.send('first');
    inbox.send('second');
    controller.abort();
    expect(await running).toBe('cancelled');
    expect(inbox.waiting().map((message) => message.text)).toEqual(['first', 'second']);
    expect(steeringEntries(h.store.history())).toEqual([]);
    expect(h.ofType('steering_joined')).toEqual([]);
    expect(inbox.log.filter((entry) => entry.type === 'take' && entry.ids.length > 0)).toEqual([]);
  });

  it('a steering entry the store refuses goes back to the inbox, in front of newer messages', async () => {
    const inbox = createFakeSteeringInbox();
    const h = createHarness({ script: [readCall('c1')], steering: inbox });
    const commit = h.store.commit.bind(h.store);
    h.store.commit = async (history) => {
      if (history.at(-1)?.steering) {
        inbox.send('newer');
        return { ok: false, error: { kind: 'storage-full', message: 'Browser storage is full.' } };
      }
      return commit(history);
    };
    inbox.send('older');
    expect(await h.run('read a')).toBe('error');
    expect(inbox.waiting().map((message) => message.text)).toEqual(['older', 'newer']);
    expect(steeringEntries(h.agent.history())).toEqual([]);
    expect(h.ofType('steering_joined')).toEqual([]);
  });

  it('Continue resumes at a boundary: a message waiting joins before its first request', async () => {
    const call = { functionCall: { id: 'c1', name: 'read_file', args: { file_path: 'a' } } };
    const result = { functionResponse: { id: 'c1', name: 'read_file', response: { output: 'A' } } };
    const inbox = createFakeSteeringInbox();
    const h = createHarness({
      initialHistory: [{ role: 'user', parts: [{ text: 'read a' }] }, { role: 'model', parts: [call] }, { role: 'user', parts: [result] }],
      script: [reply('done', 'STOP')],
      steering: inbox,
    });
    inbox.send('then stop');
    expect(await h.resume()).toBe('completed');
    expect(h.model.requests[0]!.contents.at(-1)!.parts.map((part) => part.text ?? 'result')).toEqual(['result', 'then stop']);
    expect(steeringEntries(h.store.history())).toEqual(['then stop']);
    h.expectHealthy();
  });

  it('two messages waiting join together, in the order they were sent, as two entries', async () => {
    const inbox = createFakeSteeringInbox();
    const h = createHarness({ script: [readCall('c1'), reply('done', 'STOP')], steering: inbox });
    inbox.send('one');
    inbox.send('two');
    await h.run('read a');
    expect(steeringEntries(h.store.history())).toEqual(['one', 'two']);
    expect(h.model.requests[1]!.contents.at(-1)!.parts.map((part) => part.text ?? 'result')).toEqual(['result', 'one', 'two']);
    h.expectHealthy();
  });
});

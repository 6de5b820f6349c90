/**
 * A reopened session shows each tool call's card as it ended: its summary and status come from
 * the store, not from the call's arguments and result text. Node, fake-indexeddb, the real
 * controller, tools and agent, a scripted model; the page's reducer turns what it posts into cards.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { FC, T, createFakeModel, reply } from '../../agent/testing/fake-model';
import { initialSessionView, sessionReducer } from '../../ui/agent/session-reducer';
import type { WorkerEvent } from '../protocol';
import { listRoundTrips } from '../../store/round-trips';
import { createControllerHarness } from '../testing/controller-harness';

let counter = 0;

function cardsOf(loaded: WorkerEvent | undefined) {
  if (loaded?.type !== 'session-loaded') throw new Error('no session-loaded');
  return sessionReducer(initialSessionView, loaded).items.flatMap((item) => (item.type === 'tool' ? [{ summary: item.call.summary, status: item.call.status }] : []));
}

describe('cards of a reopened session', () => {
  it('are the cards the person saw live, summary and status', async () => {
    const databaseName = `reopened-cards-${counter++}`;
    const script = [
      reply(FC('glob', { pattern: '*.txt', dir_path: 'src' }), 'STOP'),
      reply(FC('write_file', { file_path: 'b.txt', content: 'two' }), 'STOP'),
      reply(T('Done.'), 'STOP'),
    ];
    const live = createControllerHarness({ databaseName, model: createFakeModel(script) });
    await live.init();
    const sessionId = live.loaded()[0]!.sessionId;
    await live.send({ type: 'send', sessionId: null, text: 'look, then write' });
    await vi.waitFor(() => expect(live.calls().some((call) => call.status === 'awaiting_approval')).toBe(true));
    const write = live.calls().find((call) => call.status === 'awaiting_approval')!;
    await live.send({ type: 'approval-response', callId: write.callId, outcome: 'cancel' });
    await live.controller.idle();
    const lastViews = new Map(live.calls().map((call) => [call.callId, { summary: call.summary, status: call.status }]));
    expect([...lastViews.values()]).toEqual([
      { summary: '*.txt in src', status: 'error' },
      { summary: 'b.txt', status: 'cancelled' },
    ]);
    live.db.close();

    const reopened = createControllerHarness({ databaseName, model: createFakeModel([]) });
    await reopened.init(sessionId);
    expect(cardsOf(reopened.events.find((event) => event.type === 'session-loaded'))).toEqual([...lastViews.values()]);
    reopened.db.close();
  });
});

describe("a task call's card in a reopened session", () => {
  it('still holds its subagent as it ended', async () => {
    const databaseName = `reopened-cards-${counter++}`;
    const script = [
      reply(FC('task', { description: 'Look around', prompt: 'List the workspace.' }), 'STOP'),
      reply(FC('list_directory', { dir_path: '.' }), 'STOP'),
      reply(T('Nothing here.'), 'STOP'),
      reply(T('Done.'), 'STOP'),
    ];
    const live = createControllerHarness({ databaseName, model: createFakeModel(script) });
    await live.init();
    const sessionId = live.loaded()[0]!.sessionId;
    await live.send({ type: 'send', sessionId: null, text: 'look' });
    await live.controller.idle();
    const task = live.calls().findLast((call) => call.name === 'task')!;
    expect(task.status).toBe('success');
    expect(task.subagent?.outcome).toBe('completed');
    live.db.close();

    const reopened = createControllerHarness({ databaseName, model: createFakeModel([]) });
    await reopened.init(sessionId);
    const loaded = reopened.events.find((event) => event.type === 'session-loaded')!;
    const items = sessionReducer(initialSessionView, loaded).items.flatMap((item) => (item.type === 'tool' ? [item.call] : []));
    expect(items.map((call) => [call.name, call.summary])).toEqual([['task', 'Look around']]);
    expect(items[0]!.subagent).toEqual(task.subagent);
    // Its round-trips are stored with the session's, marked, with its calls' timelines for the Loop inspector.
    const records = await listRoundTrips(reopened.db, sessionId);
    expect(records.ok && records.value.map((record) => record.subagent?.description ?? null)).toEqual([null, 'Look around', 'Look around', null]);
    const nested = records.ok ? records.value.filter((record) => record.subagent) : [];
    expect(nested.map((record) => (record.notes?.toolCalls ?? []).map((call) => [call.name, call.steps.at(-1)?.status]))).toEqual([[['list_directory', 'success']], []]);
    reopened.db.close();
  });
});

/**
 * Steering through the worker (agent/steering.ts, session/run-slot.ts): a message steered into
 * the run under way is stored where it joined; Stop posts back every message that did not join,
 * in order; a steer with no run of the person's is refused. A shared session carries the message
 * where it joined, and its replay plays it at the same boundary.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createDeferred } from '../../agent/testing/deferred';
import { FC, T, createFakeModel, reply } from '../../agent/testing/fake-model';
import type { FakeResponse } from '../../agent/testing/fake-model';
import type { LanguageModel } from '../../model/types';
import type { Content } from '../../shared/content';
import { loadHistory } from '../../store/history';
import type { ExportedSession, WorkerEvent } from '../protocol';
import { TEST_SETTINGS, createControllerHarness } from '../testing/controller-harness';

let counter = 0;
const silentModel: LanguageModel = {
  provider: 'gemini',
  label: 'must not be called',
  tokenLimit: () => 1_000_000,
  stream() {
    throw new Error('a replay must not call the person’s model');
  },
};

async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  for (let tries = 0; tries < 400; tries++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A first reply held until `release`, asking for a write; then a final text. */
function heldScript(): { script: FakeResponse[]; release: () => void } {
  const gate = createDeferred();
  const first = reply(FC('write_file', { file_path: 'a.txt', content: 'a\n' }), 'STOP');
  const script: FakeResponse[] = ['chunks' in first ? { ...first, hold: { chunkIndex: 0, until: gate.promise } } : first, reply(T('Wrote b instead.'), 'STOP')];
  return { script, release: () => gate.resolve() };
}

const shape = (history: readonly Content[]) => history.map((content) => `${content.role}${content.steering ? ' steering' : ''}:${content.parts.map((part) => part.text ?? (part.functionCall ? 'call' : 'result')).join('+')}`);

async function steeredSession() {
  const { script, release } = heldScript();
  const model = createFakeModel(script);
  const sender = createControllerHarness({ databaseName: `steer-sender-${counter++}`, model, settings: { ...TEST_SETTINGS, provider: 'gemini', approvalMode: 'allow-all' } });
  await sender.init();
  await sender.send({ type: 'send', sessionId: null, text: 'write a.txt' });
  expect((await sender.send({ type: 'steer', sessionId: null, steerId: 'x1', text: 'call it b' })).error).toBeUndefined();
  release();
  await sender.controller.idle();
  return { sender, model };
}

describe('steering through the worker', () => {
  it('stores the message where it joined and says so to the page; the next request carries it', async () => {
    const { sender, model } = await steeredSession();
    const sessionId = sender.loaded()[0]!.sessionId;
    const stored = await loadHistory(sender.db, sessionId);
    expect(stored.ok && shape(stored.value.history)).toEqual(['user:write a.txt', 'model:call', 'user:result', 'user steering:call it b', 'model:Wrote b instead.']);
    const joined = sender.events.find((event) => event.type === 'agent-event' && event.event.type === 'steering_joined');
    expect(joined).toMatchObject({ event: { value: { messages: [{ id: 'x1', text: 'call it b' }] } } });
    expect(model.requests[1]!.contents.at(-1)!.parts.map((part) => part.text ?? 'result')).toEqual(['result', 'call it b']);
    expect(sender.events.some((event) => event.type === 'steering-returned')).toBe(false);
  });

  it('Stop posts back every message that did not join, in order, before the run is said to end', async () => {
    const { script, release } = heldScript();
    const harness = createControllerHarness({ databaseName: `steer-stop-${counter++}`, model: createFakeModel(script), settings: { ...TEST_SETTINGS, provider: 'gemini' } });
    await harness.init();
    await harness.send({ type: 'send', sessionId: null, text: 'write a.txt' });
    await harness.send({ type: 'steer', sessionId: null, steerId: 'x1', text: 'first' });
    await harness.send({ type: 'steer', sessionId: null, steerId: 'x2', text: 'second' });
    // The held reply goes on once Stop has aborted the run: the fake model then ends it as stopped.
    const stopped = harness.send({ type: 'stop' });
    release();
    await stopped;
    await harness.controller.idle();
    const returned = harness.events.findIndex((event) => event.type === 'steering-returned');
    expect(harness.events[returned]).toMatchObject({ type: 'steering-returned', stopped: true, messages: [{ id: 'x1', text: 'first' }, { id: 'x2', text: 'second' }] });
    const ended = harness.events.findLastIndex((event) => event.type === 'running' && !event.running);
    expect(returned).toBeLessThan(ended);
    const stored = await loadHistory(harness.db, harness.loaded()[0]!.sessionId);
    expect(stored.ok && stored.value.history.some((content) => content.steering)).toBe(false);
  });

  it('a run that ends in an error gives a waiting message back (not sent on its own), as Stop does', async () => {
    const gate = createDeferred();
    const failing: FakeResponse = { chunks: [{ text: 'Looking.' }], hold: { chunkIndex: 0, until: gate.promise }, failAfter: { chunkIndex: 0, error: { status: 400, message: 'Bad request' } } };
    const harness = createControllerHarness({ databaseName: `steer-error-${counter++}`, model: createFakeModel([failing]), settings: { ...TEST_SETTINGS, provider: 'gemini' } });
    await harness.init();
    await harness.send({ type: 'send', sessionId: null, text: 'look' });
    await harness.send({ type: 'steer', sessionId: null, steerId: 'x1', text: 'only a.txt' });
    gate.resolve();
    await harness.controller.idle();
    expect(harness.events.find((event) => event.type === 'steering-returned')).toMatchObject({ stopped: true, messages: [{ id: 'x1', text: 'only a.txt' }] });
  });

  it('refuses a steer when no run of the person’s is under way', async () => {
    const harness = createControllerHarness({ databaseName: `steer-idle-${counter++}`, model: createFakeModel([]) });
    await harness.init();
    const answer = await harness.send({ type: 'steer', sessionId: null, steerId: 'x1', text: 'too late' });
    expect(answer.error?.kind).toBe('not-running');
  });

  it('a shared session carries the message where it joined, and its replay plays it at the same boundary', async () => {
    const { sender } = await steeredSession();
    const recorded = await loadHistory(sender.db, sender.loaded()[0]!.sessionId);
    const exported = (await sender.send({ type: 'export-session', as: 'link' })).value as ExportedSession;

    const reader = createControllerHarness({ databaseName: `steer-reader-${counter++}`, model: silentModel });
    await reader.init();
    await reader.send({ type: 'open-shared', source: { kind: 'link', fragment: exported.fragment! } });
    const shared = reader.loaded().at(-1)!;
    expect(shape(shared.history)).toEqual(recorded.ok ? shape(recorded.value.history) : []);

    expect((await reader.send({ type: 'replay', command: { kind: 'start' } })).error).toBeUndefined();
    const answered = new Set<string>();
    await waitFor(() => {
      for (const call of reader.calls()) {
        if (call.status !== 'awaiting_approval' || answered.has(call.callId)) continue;
        answered.add(call.callId);
        void reader.send({ type: 'approval-response', callId: call.callId, outcome: 'proceed_once' });
      }
      const state = reader.events.findLast((event): event is Extract<WorkerEvent, { type: 'replay' }> => event.type === 'replay')?.state;
      return state?.status === 'done' ? state : undefined;
    }, 'the replay to finish');
    await reader.controller.idle();
    const replayed = await loadHistory(reader.db, shared.sessionId);
    expect(replayed.ok && shape(replayed.value.history)).toEqual(recorded.ok ? shape(recorded.value.history) : []);
  });

  it('in a replay a note on a steering message is the caption when that message joins (messages counted as the transcript counts them)', async () => {
    const { sender } = await steeredSession();
    const sessionId = sender.loaded()[0]!.sessionId;
    await sender.send({ type: 'set-note', sessionId, anchor: 'message:1', text: 'The prompt.' });
    await sender.send({ type: 'set-note', sessionId, anchor: 'message:2', text: 'Here the person steers.' });
    const exported = (await sender.send({ type: 'export-session', as: 'link' })).value as ExportedSession;

    const reader = createControllerHarness({ databaseName: `steer-notes-${counter++}`, model: silentModel });
    await reader.init();
    await reader.send({ type: 'open-shared', source: { kind: 'link', fragment: exported.fragment! } });
    expect((await reader.send({ type: 'replay', command: { kind: 'start', speed: 'instant' } })).error).toBeUndefined();
    const answered = new Set<string>();
    await waitFor(() => {
      for (const call of reader.calls()) {
        if (call.status !== 'awaiting_approval' || answered.has(call.callId)) continue;
        answered.add(call.callId);
        void reader.send({ type: 'approval-response', callId: call.callId, outcome: 'proceed_once' });
      }
      const state = reader.events.findLast((event): event is Extract<WorkerEvent, { type: 'replay' }> => event.type === 'replay')?.state;
      return state?.status === 'done' ? state : undefined;
    }, 'the replay to finish');
    await reader.controller.idle();
    const captions = reader.events.flatMap((event) => (event.type === 'replay' && event.state.caption ? [event.state.caption] : []));
    expect(captions.filter((caption, index) => caption !== captions[index - 1])).toEqual(['The prompt.', 'Here the person steers.']);
    // It shows as the message joins: after the first response was played, before the second.
    const shown = reader.events.find((event): event is Extract<WorkerEvent, { type: 'replay' }> => event.type === 'replay' && event.state.caption === 'Here the person steers.');
    expect(shown?.state.roundTrip).toBe(1);
  });
});

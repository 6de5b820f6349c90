/**
 * One writer per session across tabs: two controllers (two tabs' workers) on one IndexedDB and
 * one lock manager. The second tab to open a session writes nothing to it until it takes over.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createDeferred } from '../agent/testing/deferred';
import { T, createFakeModel, reply } from '../agent/testing/fake-model';
import type { FakeResponse } from '../agent/testing/fake-model';

import { createOfflineSandbox } from '../sandbox/offline/offline-sandbox';
import { openDatabase } from '../store/db';
import { listFiles } from '../store/files';
import { loadHistory } from '../store/history';
import { createBuiltinTools, createToolRegistry } from '../tools/registry';
import { isReadOnlyShellCommand } from '../tools/shell-read-only';
import { createSwitchableModel } from './model-factory';
import type { ClientMessage, ClientRequest, WorkerEvent, WorkerSettings } from './protocol';
import { PROTOCOL_VERSION } from './protocol';
import { createSessionController } from './session-controller';
import { lockName, webSessionLocks } from './session-lock';
import type { LockManagerLike } from './session-lock';
import { createMemoryLockManager } from './testing/memory-locks';

const settings: WorkerSettings = {
  provider: 'scripted',
  model: 'test-model',
  baseUrl: '',
  approvalMode: 'ask',
  stepThrough: false,
  loopHeuristics: false,
  nextSpeakerCheck: false,
};

let counter = 0;

function tab(databaseName: string, locks: LockManagerLike, script: FakeResponse[] = []) {
  const db = openDatabase({ name: databaseName });
  const events: WorkerEvent[] = [];
  const model = createFakeModel(script);
  const controller = createSessionController({
    db,
    post: (event) => events.push(event),
    model: createSwitchableModel(model),
    makeModel: () => model,
    lessons: [],
    tools: createToolRegistry(createBuiltinTools()),
    isReadOnlyCommand: isReadOnlyShellCommand,
    acquireSandbox: async (previous) => {
      await previous?.dispose();
      return createOfflineSandbox();
    },
    initialSettings: settings,
    locks: webSessionLocks(locks),
  });
  const send = async (request: ClientRequest) => {
    const id = `m${counter++}`;
    await controller.handle({ ...request, v: PROTOCOL_VERSION, id } as ClientMessage);
    const answer = events.find((event) => event.type === 'response' && event.id === id);
    return answer?.type === 'response' ? answer : undefined;
  };
  const loaded = () => events.filter((event) => event.type === 'session-loaded').at(-1);
  return { db, events, send, controller, model, loaded };
}

describe('one writer per session across tabs', () => {
  it('a second tab on the same session writes nothing until it takes over; then the first tab stops writing', async () => {
    const name = `ownership-${counter++}`;
    const locks = createMemoryLockManager();
    const first = tab(name, locks, [reply(T('from the first tab'), 'STOP'), reply(T('never'), 'STOP')]);
    await first.send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    const opened = first.loaded();
    const sessionId = opened?.type === 'session-loaded' ? opened.session.sessionId : '';
    expect(opened).toMatchObject({ session: { sessionId } });
    expect(opened?.type === 'session-loaded' && opened.session.elsewhere).toBeUndefined();
    expect(locks.held(lockName(sessionId))).toBe(true);

    const second = tab(name, locks, [reply(T('from the second tab'), 'STOP')]);
    await second.send({ type: 'init', sandbox: { kind: 'offline' }, settings, sessionId });
    expect(second.loaded()).toMatchObject({ session: { sessionId, elsewhere: true } });
    const writes: ClientRequest[] = [
      { type: 'send', text: 'overwrite?' },
      { type: 'continue' },
      { type: 'write-file', path: 'a.txt', content: 'from the second tab' },
      { type: 'compress' },
      { type: 'restore-checkpoints', checkpointIds: [] },
    ];
    for (const request of writes) {
      expect(await second.send(request), request.type).toMatchObject({ error: { kind: 'session-elsewhere' } });
    }
    expect(second.model.requests).toHaveLength(0);
    const files = await listFiles(first.db, sessionId);
    expect(files.ok && files.value).toEqual([]);

    // The first tab goes on as before.
    await first.send({ type: 'send', text: 'hello' });
    await first.controller.idle();
    expect(first.model.requests).toHaveLength(1);

    // Taking over reloads what the first tab stored, and the first tab stops writing.
    expect(await second.send({ type: 'take-over' })).not.toHaveProperty('error');
    const taken = second.loaded();
    expect(taken?.type === 'session-loaded' && taken.session.elsewhere).toBeUndefined();
    expect(taken?.type === 'session-loaded' && taken.session.history.map((content) => content.parts[0]?.text)).toEqual(['hello', 'from the first tab']);
    await Promise.resolve();
    expect(first.events).toContainEqual({ type: 'session-elsewhere', sessionId });
    expect(await first.send({ type: 'send', text: 'still mine?' })).toMatchObject({ error: { kind: 'session-elsewhere' } });
    expect(first.model.requests).toHaveLength(1);

    await second.send({ type: 'send', text: 'now me' });
    await second.controller.idle();
    const history = await loadHistory(second.db, sessionId);
    expect(history.ok && history.value.history.map((content) => content.parts[0]?.text)).toEqual(['hello', 'from the first tab', 'now me', 'from the second tab']);
    first.db.close();
    second.db.close();
  });

  it('a tab that opens another session releases the lock of the one it leaves', async () => {
    const name = `ownership-${counter++}`;
    const locks = createMemoryLockManager();
    const first = tab(name, locks);
    await first.send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    const opened = first.loaded();
    const sessionId = opened?.type === 'session-loaded' ? opened.session.sessionId : '';
    await first.send({ type: 'new-session' });
    expect(locks.held(lockName(sessionId))).toBe(false);

    const second = tab(name, locks);
    await second.send({ type: 'init', sandbox: { kind: 'offline' }, settings, sessionId });
    expect(second.loaded()).toMatchObject({ session: { sessionId } });
    expect(second.loaded()?.type === 'session-loaded' && 'elsewhere' in (second.loaded() as { session: object }).session).toBe(false);
    first.db.close();
    second.db.close();
  });

  it('a run in progress stops when another tab takes the session over', async () => {
    const name = `ownership-${counter++}`;
    const locks = createMemoryLockManager();
    const held = createDeferred<void>();
    const first = tab(name, locks, [{ chunks: [T('thinking'), T(' more', 'STOP')], hold: { chunkIndex: 1, until: held.promise } }]);
    await first.send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    const opened = first.loaded();
    const sessionId = opened?.type === 'session-loaded' ? opened.session.sessionId : '';
    await first.send({ type: 'send', text: 'long task' });
    await vi.waitFor(() => expect(first.events).toContainEqual(expect.objectContaining({ type: 'agent-event', event: { type: 'content', value: 'thinking' } })));
    const second = tab(name, locks);
    await second.send({ type: 'init', sandbox: { kind: 'offline' }, settings, sessionId });
    await second.send({ type: 'take-over' });
    // The model answers only now: the first tab has stopped, so the rest is never used.
    held.resolve();
    await first.controller.idle();
    expect(first.events).toContainEqual(expect.objectContaining({ type: 'running', sessionId, running: false }));
    expect(first.events).toContainEqual(expect.objectContaining({ type: 'agent-event', event: { type: 'user_cancelled' } }));
    expect(first.events).not.toContainEqual(expect.objectContaining({ type: 'agent-event', event: { type: 'content', value: ' more' } }));
    first.db.close();
    second.db.close();
  });
});

/**
 * One writer per session across tabs: two controllers (two tabs' workers) on one IndexedDB and
 * one lock manager. The second tab to open a session writes nothing to it until it takes over.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createDeferred } from '../../agent/testing/deferred';
import { T, createFakeModel, reply } from '../../agent/testing/fake-model';
import type { FakeResponse } from '../../agent/testing/fake-model';
import { loadHistory } from '../../store/history';
import { listFiles } from '../../store/files';
import type { ClientRequest } from '../protocol';
import { lockName, webSessionLocks } from './session-lock';
import type { LockManagerLike } from './session-lock';
import { createControllerHarness } from '../testing/controller-harness';
import { createMemoryLockManager } from '../testing/memory-locks';

let counter = 0;

function tab(databaseName: string, locks: LockManagerLike, script: FakeResponse[] = []) {
  const model = createFakeModel(script);
  const harness = createControllerHarness({ databaseName, model, locks: webSessionLocks(locks) });
  const loaded = () => harness.loaded().at(-1);
  return { ...harness, model, loaded };
}

describe('one writer per session across tabs', () => {
  it('a second tab on the same session writes nothing until it takes over; then the first tab stops writing', async () => {
    const name = `ownership-${counter++}`;
    const locks = createMemoryLockManager();
    const first = tab(name, locks, [reply(T('from the first tab'), 'STOP'), reply(T('never'), 'STOP')]);
    await first.init();
    const sessionId = first.loaded()?.sessionId ?? '';
    expect(first.loaded()?.elsewhere).toBeUndefined();
    expect(locks.held(lockName(sessionId))).toBe(true);

    const second = tab(name, locks, [reply(T('from the second tab'), 'STOP')]);
    await second.init(sessionId);
    expect(second.loaded()).toMatchObject({ sessionId, elsewhere: true });
    const writes: ClientRequest[] = [
      { type: 'send', sessionId: null, text: 'overwrite?' },
      { type: 'continue', sessionId: null },
      { type: 'write-file', sessionId: null, path: 'a.txt', content: 'from the second tab' },
      { type: 'compress', sessionId: null },
      { type: 'restore-checkpoints', sessionId: null, checkpointIds: [] },
    ];
    for (const request of writes) {
      expect(await second.send(request), request.type).toMatchObject({ error: { kind: 'session-elsewhere' } });
    }
    expect(second.model.requests).toHaveLength(0);
    const files = await listFiles(first.db, sessionId);
    expect(files.ok && files.value).toEqual([]);

    // The first tab goes on as before.
    await first.send({ type: 'send', sessionId: null, text: 'hello' });
    await first.controller.idle();
    expect(first.model.requests).toHaveLength(1);

    // Taking over reloads what the first tab stored, and the first tab stops writing.
    expect(await second.send({ type: 'take-over' })).not.toHaveProperty('error');
    const taken = second.loaded();
    expect(taken?.elsewhere).toBeUndefined();
    expect(taken?.history.map((content) => content.parts[0]?.text)).toEqual(['hello', 'from the first tab']);
    await Promise.resolve();
    expect(first.events).toContainEqual({ type: 'session-elsewhere', sessionId });
    expect(await first.send({ type: 'send', sessionId: null, text: 'still mine?' })).toMatchObject({ error: { kind: 'session-elsewhere' } });
    expect(first.model.requests).toHaveLength(1);

    await second.send({ type: 'send', sessionId: null, text: 'now me' });
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
    await first.init();
    const sessionId = first.loaded()?.sessionId ?? '';
    await first.send({ type: 'new-session' });
    expect(locks.held(lockName(sessionId))).toBe(false);

    const second = tab(name, locks);
    await second.init(sessionId);
    expect(second.loaded()).toMatchObject({ sessionId });
    expect(second.loaded()).not.toHaveProperty('elsewhere');
    first.db.close();
    second.db.close();
  });

  it('an editor save that arrives after a switch is refused when another tab has that session open now', async () => {
    const name = `ownership-${counter++}`;
    const locks = createMemoryLockManager();
    const first = tab(name, locks);
    await first.init();
    const sessionId = first.loaded()?.sessionId ?? '';
    await first.send({ type: 'write-file', sessionId, path: 'notes.txt', content: 'typed here' });
    await first.send({ type: 'new-session' });
    const second = tab(name, locks);
    await second.init(sessionId);
    expect(locks.held(lockName(sessionId))).toBe(true);

    // The first tab's editor closes with its last save, after the second tab opened the session.
    const late = await first.send({ type: 'write-file', sessionId, path: 'notes.txt', content: 'late words' });
    expect(late).toMatchObject({ error: { kind: 'session-elsewhere' } });
    const stored = await listFiles(first.db, sessionId);
    expect(stored.ok && stored.value.map((file) => file.content)).toEqual(['typed here']);
    expect(locks.held(lockName(sessionId))).toBe(true);
    first.db.close();
    second.db.close();
  });

  it('a run in progress stops when another tab takes the session over', async () => {
    const name = `ownership-${counter++}`;
    const locks = createMemoryLockManager();
    const held = createDeferred<void>();
    const first = tab(name, locks, [{ chunks: [T('thinking'), T(' more', 'STOP')], hold: { chunkIndex: 1, until: held.promise } }]);
    await first.init();
    const sessionId = first.loaded()?.sessionId ?? '';
    await first.send({ type: 'send', sessionId: null, text: 'long task' });
    await vi.waitFor(() => expect(first.events).toContainEqual(expect.objectContaining({ type: 'agent-event', event: { type: 'content', value: 'thinking' } })));
    const second = tab(name, locks);
    await second.init(sessionId);
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

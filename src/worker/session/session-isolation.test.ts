/**
 * Sessions that share one sandbox (WebContainer: one per page, cleared between sessions)
 * stay apart: leaving a session stops what it started, and nothing of it reaches the next.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { FC, T, createFakeModel, reply } from '../../agent/testing/fake-model';
import type { FakeResponse } from '../../agent/testing/fake-model';
import { createOfflineSandbox } from '../../sandbox/offline/offline-sandbox';
import type { Sandbox } from '../../sandbox/types';
import type { openDatabase } from '../../store/db';
import { listFiles } from '../../store/files';
import { createBackgroundProcesses } from '../../tools/background-processes';
import { TEST_SETTINGS, createControllerHarness } from '../testing/controller-harness';

let counter = 0;

/** One sandbox for every session, emptied when the next session takes it (as for WebContainer). */
function sharedSandbox(): (previous: Sandbox | null) => Promise<Sandbox> {
  const created = createOfflineSandbox();
  return async () => {
    const sandbox = await created;
    for (const entry of await sandbox.readDir('')) await sandbox.remove(entry.name, { recursive: true });
    return sandbox;
  };
}

function worker(script: FakeResponse[]) {
  const model = createFakeModel(script);
  const backgroundProcesses = createBackgroundProcesses();
  const harness = createControllerHarness({
    databaseName: `isolation-${counter++}`,
    model,
    settings: { ...TEST_SETTINGS, approvalMode: 'allow-all' },
    backgroundProcesses,
    acquireSandbox: sharedSandbox(),
  });
  const sessionIds = () => harness.loaded().map((session) => session.sessionId);
  return { ...harness, model, sessionIds, backgroundProcesses };
}

const storedPaths = async (db: ReturnType<typeof openDatabase>, sessionId: string) => {
  const files = await listFiles(db, sessionId);
  return files.ok ? files.value.map((file) => file.path) : ['(unreadable)'];
};

describe('sessions sharing one sandbox', () => {
  it("a background process of the session being left is stopped and never writes into the next session's files", async () => {
    const w = worker([
      reply(FC('write_file', { file_path: 'a.txt', content: 'from A' }), 'STOP'),
      reply(FC('run_shell_command', { command: 'sleep 0.3; echo late > late-from-a.txt', is_background: true }), 'STOP'),
      reply(T('A is done.'), 'STOP'),
      reply(FC('write_file', { file_path: 'b.txt', content: 'from B' }), 'STOP'),
      reply(FC('run_shell_command', { command: 'ls' }), 'STOP'),
      reply(T('B is done.'), 'STOP'),
    ]);
    await w.init();
    await w.send({ type: 'send', sessionId: null, text: 'work in A' });
    await w.controller.idle();
    const [a] = w.sessionIds();
    expect(w.backgroundProcesses.list()).toEqual([expect.objectContaining({ running: true })]);

    await w.send({ type: 'new-session' });
    const b = w.sessionIds().at(-1)!;
    expect(b).not.toBe(a);
    expect(w.backgroundProcesses.list()).toEqual([]);
    await w.send({ type: 'send', sessionId: null, text: 'work in B' });
    await w.controller.idle();
    // Longer than A's command would have taken.
    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(await storedPaths(w.db, a!)).toEqual(['a.txt']);
    expect(await storedPaths(w.db, b)).toEqual(['b.txt']);
    // B's model hears nothing of A's process.
    const shellResult = JSON.stringify(w.model.requests.at(-1)!.contents.at(-1));
    expect(shellResult).toContain('b.txt');
    expect(shellResult).not.toContain('late-from-a');
    expect(shellResult).not.toMatch(/background/i);
    w.db.close();
  });

  it('an editor save that arrives after a switch goes into the session it was typed in, not the one now open', async () => {
    const w = worker([]);
    await w.init();
    const [a] = w.sessionIds();
    await w.send({ type: 'write-file', sessionId: a!, path: 'notes.txt', content: 'typed in A' });
    await w.send({ type: 'new-session' });
    const b = w.sessionIds().at(-1)!;
    // The editor of A closes with its last save after B opened.
    await w.send({ type: 'write-file', sessionId: a!, path: 'notes.txt', content: 'typed in A, last words' });
    expect(await storedPaths(w.db, b)).toEqual([]);
    expect(w.events.filter((event) => event.type === 'files-changed' && event.sessionId === b)).toEqual([]);
    const stored = await listFiles(w.db, a!);
    expect(stored.ok && stored.value.map((file) => file.content)).toEqual(['typed in A, last words']);

    // Back in A, the sandbox has it.
    await w.send({ type: 'open-session', sessionId: a! });
    await w.send({ type: 'write-file', sessionId: 'gone', path: 'x.txt', content: 'x' });
    const answer = w.events.at(-1);
    expect(answer).toMatchObject({ type: 'response', error: { kind: 'not-found' } });
    w.db.close();
  });

  it('a late save with a path outside the workspace is refused', async () => {
    const w = worker([]);
    await w.init();
    const [a] = w.sessionIds();
    await w.send({ type: 'new-session' });
    await w.send({ type: 'write-file', sessionId: a!, path: '../escape.txt', content: 'x' });
    expect(w.events.at(-1)).toMatchObject({ type: 'response', error: { kind: 'path' } });
    expect(await storedPaths(w.db, a!)).toEqual([]);
    w.db.close();
  });
});

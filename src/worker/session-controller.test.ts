/**
 * The worker's request handling, end to end in Node: IndexedDB (fake-indexeddb), the
 * offline sandbox, the real tools and agent, and a scripted model.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createDeferred } from '../agent/testing/deferred';
import { FC, T, createFakeModel, reply } from '../agent/testing/fake-model';
import type { FakeResponse } from '../agent/testing/fake-model';
import type { LanguageModel } from '../model/types';
import { listFiles } from '../store/files';
import { loadHistory } from '../store/history';
import type { ClientRequest, WorkerEvent, WorkerSettings } from './protocol';
import { TEST_SETTINGS, createControllerHarness } from './testing/controller-harness';

const settings: WorkerSettings = TEST_SETTINGS;

let counter = 0;

function harness(databaseName: string, script: FakeResponse[], makeModel?: (settings: WorkerSettings) => LanguageModel) {
  const waiters: { match: (event: WorkerEvent) => boolean; resolve: (event: WorkerEvent) => void }[] = [];
  const onEvent = (event: WorkerEvent) => {
    if (process.env.DEBUG_EVENTS) console.log(JSON.stringify(event).slice(0, 300));
    for (const waiter of [...waiters]) {
      if (waiter.match(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  };
  const model = createFakeModel(script);
  const built = createControllerHarness({ databaseName, model, onEvent, ...(makeModel ? { makeModel } : {}) });
  const { db, events, controller, calls } = built;
  const send = (request: ClientRequest) => built.send(request).then(() => undefined);
  const next = (match: (event: WorkerEvent) => boolean) =>
    new Promise<WorkerEvent>((resolve) => {
      const seen = events.find(match);
      if (seen) resolve(seen);
      else waiters.push({ match, resolve });
    });
  return { db, events, send, next, controller, calls, model };
}

describe('session controller', () => {
  it('runs a write through approval into the sandbox and IndexedDB, and restores it after a restart', async () => {
    const name = `controller-${counter++}`;
    const first = harness(name, [reply(FC('write_file', { file_path: 'hello.txt', content: 'hi there' }), 'STOP'), reply(T('Done.'), 'STOP')]);
    await first.send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    const loaded = await first.next((event) => event.type === 'session-loaded');
    expect(loaded.type === 'session-loaded' && loaded.session.sandboxKind).toBe('offline');

    await first.send({ type: 'send', sessionId: null, text: 'write hello.txt' });
    await first.next(() => first.calls().some((call) => call.status === 'awaiting_approval'));
    const waiting = first.calls().find((call) => call.status === 'awaiting_approval')!;
    expect(waiting.preview).toMatchObject({ type: 'diff', path: 'hello.txt', before: null, after: 'hi there' });
    await first.send({ type: 'approval-response', callId: waiting.callId, outcome: 'proceed_once' });
    await first.controller.idle();

    expect(first.calls().filter((call) => call.callId === waiting.callId).map((call) => call.status)).toContain('success');
    expect(first.events).toContainEqual(expect.objectContaining({ type: 'files-changed', paths: ['hello.txt'], by: 'agent' }));
    const sessionId = loaded.type === 'session-loaded' ? loaded.session.sessionId : '';
    const files = await listFiles(first.db, sessionId);
    expect(files.ok && files.value.map((file) => [file.path, file.content])).toEqual([['hello.txt', 'hi there']]);
    const history = await loadHistory(first.db, sessionId);
    expect(history.ok && history.value.history.length).toBe(4);
    first.db.close();

    // A new worker (a reload) finds the same session, history and files.
    const second = harness(name, [reply(FC('read_file', { file_path: 'hello.txt' }), 'STOP'), reply(T('It says hi there.'), 'STOP')]);
    await second.send({ type: 'init', sandbox: { kind: 'offline' }, settings, sessionId });
    const reloaded = await second.next((event) => event.type === 'session-loaded');
    expect(reloaded.type === 'session-loaded' && reloaded.session.history).toHaveLength(4);
    await second.send({ type: 'send', sessionId: null, text: 'what does it say?' });
    await second.controller.idle();
    const read = second.calls().find((call) => call.name === 'read_file' && call.status === 'success');
    expect(read?.resultText).toContain('hi there');
    second.db.close();
  });

  it('A16 a provider chosen while the agent works applies from the next message, not mid-interaction', async () => {
    const first = createFakeModel([reply(FC('write_file', { file_path: 'a.txt', content: 'x' }), 'STOP'), reply(T('first provider'), 'STOP')]);
    const second = createFakeModel([reply(T('second provider'), 'STOP')]);
    const h = harness(`controller-${counter++}`, [], (chosen) => (chosen.provider === 'gemini' ? second : first));
    await h.send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    await h.send({ type: 'send', sessionId: null, text: 'write a.txt' });
    await h.next(() => h.calls().some((call) => call.status === 'awaiting_approval'));
    await h.send({ type: 'update-settings', settings: { ...settings, provider: 'gemini', apiKey: 'k' } });
    const waiting = h.calls().find((call) => call.status === 'awaiting_approval')!;
    await h.send({ type: 'approval-response', callId: waiting.callId, outcome: 'proceed_once' });
    await h.controller.idle();
    expect([first.requests.length, second.requests.length]).toEqual([2, 0]);

    await h.send({ type: 'send', sessionId: null, text: 'and now?' });
    await h.controller.idle();
    expect([first.requests.length, second.requests.length]).toEqual([2, 1]);
  });

  it('G1 a run that fails leaves its prompt on offer to Continue, said when the run ends', async () => {
    const h = harness(`controller-${counter++}`, [{ error: { status: 400, message: 'bad' } }]);
    await h.send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    await h.send({ type: 'send', sessionId: null, text: 'q' });
    await h.controller.idle();
    const ended = h.events.filter((event) => event.type === 'running' && !event.running).at(-1);
    expect(ended).toMatchObject({ interruption: { type: 'interrupted_prompt', parts: [{ text: 'q' }] } });
  });

  it.each(['new-session', 'delete-session'] as const)('a message sent during %s waits for the session being opened and runs there, not in the one being left', async (switchBy) => {
    const h = harness(`controller-${counter++}`, [reply(T('First.'), 'STOP'), reply(T('Hello.'), 'STOP')]);
    await h.send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    await h.send({ type: 'send', sessionId: null, text: 'in the first session' });
    await h.controller.idle();
    const loaded = await h.next((event) => event.type === 'session-loaded');
    const sessionId = loaded.type === 'session-loaded' ? loaded.session.sessionId : '';
    const opening = h.send(switchBy === 'new-session' ? { type: 'new-session' } : { type: 'delete-session', sessionId });
    const sending = h.send({ type: 'send', sessionId: null, text: 'hello' });
    await Promise.all([opening, sending]);
    await h.controller.idle();
    expect(h.events.filter((event) => event.type === 'response' && event.error)).toEqual([]);
    const opened = h.events.filter((event) => event.type === 'session-loaded').at(-1);
    const openedId = opened?.type === 'session-loaded' ? opened.session.sessionId : '';
    expect(openedId).not.toBe(sessionId);
    expect(h.model.requests.at(-1)?.contents.flatMap((content) => content.parts.map((part) => part.text))).toEqual(['hello']);
    const stored = await loadHistory(h.db, openedId);
    expect(stored.ok && stored.value.history.map((content) => content.parts[0]?.text)).toEqual(['hello', 'Hello.']);
  });

  it('a manual compression is a run: a message sent meanwhile is refused, Stop cancels it, the history is kept', async () => {
    const summarizing = createDeferred();
    const long = 'x'.repeat(2_000);
    const answers = [0, 1, 2, 3].map((n) => reply(T(`answer ${n} ${long}`), 'STOP'));
    const h = harness(`controller-${counter++}`, [...answers, { chunks: [T('SUMMARY')], hold: { chunkIndex: 0, until: summarizing.promise } }]);
    await h.send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    for (const n of [0, 1, 2, 3]) {
      await h.send({ type: 'send', sessionId: null, text: `question ${n} ${long}` });
      await h.controller.idle();
    }
    const loaded = await h.next((event) => event.type === 'session-loaded');
    const sessionId = loaded.type === 'session-loaded' ? loaded.session.sessionId : '';
    const before = await loadHistory(h.db, sessionId);

    const compressing = h.send({ type: 'compress', sessionId: null });
    await vi.waitFor(() => expect(h.model.requests).toHaveLength(5)); // the summary's request: no event follows it
    const runningEvents = h.events.filter((event) => event.type === 'running');
    expect(runningEvents.at(-1)).toMatchObject({ running: true });
    await h.send({ type: 'send', sessionId: null, text: 'sent during the compression' });
    expect(h.events.filter((event) => event.type === 'response').at(-1)).toMatchObject({ error: { kind: 'busy' } });

    const stopping = h.send({ type: 'stop' });
    summarizing.resolve();
    await stopping;
    await compressing;
    expect(h.events.filter((event) => event.type === 'running').at(-1)).toMatchObject({ running: false });
    expect(h.events).toContainEqual(expect.objectContaining({ type: 'notice', message: 'Compression stopped; the history is unchanged.' }));
    const after = await loadHistory(h.db, sessionId);
    expect(after.ok && after.value.history).toEqual(before.ok && before.value.history);
    expect(h.model.requests).toHaveLength(5);
    h.db.close();
  });

  it('a denied write is cancelled and the model is not asked again', async () => {
    const run = harness(`controller-${counter++}`, [reply(FC('write_file', { file_path: 'a.txt', content: 'x' }), 'STOP'), reply(T('unused'), 'STOP')]);
    await run.send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    await run.next((event) => event.type === 'session-loaded');
    await run.send({ type: 'send', sessionId: null, text: 'write a' });
    await run.next(() => run.calls().some((call) => call.status === 'awaiting_approval'));
    const waiting = run.calls().find((call) => call.status === 'awaiting_approval')!;
    await run.send({ type: 'approval-response', callId: waiting.callId, outcome: 'cancel' });
    await run.controller.idle();
    expect(run.calls().at(-1)?.status).toBe('cancelled');
    expect(run.model.requests).toHaveLength(1);
    run.db.close();
  });

  it('names a new session after its first message', async () => {
    const run = harness(`controller-${counter++}`, [reply(T('hello'), 'STOP')]);
    await run.send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    await run.next((event) => event.type === 'session-loaded');
    await run.send({ type: 'send', sessionId: null, text: 'Build a tiny calculator\nwith tests' });
    await run.controller.idle();
    const sessions = await run.db.sessions.toArray();
    expect(sessions.map((session) => session.title)).toEqual(['Build a tiny calculator']);
    run.db.close();
  });

  it('moves the session a message is sent in to the top of the list', async () => {
    const run = harness(`controller-${counter++}`, [reply(T('one'), 'STOP'), reply(T('two'), 'STOP')]);
    await run.send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    await run.next((event) => event.type === 'session-loaded');
    await run.send({ type: 'send', sessionId: null, text: 'first session' });
    await run.controller.idle();
    await run.send({ type: 'new-session' });
    const [firstId] = (await run.db.sessions.toArray()).filter((session) => session.title === 'first session').map((session) => session.id);
    await run.send({ type: 'open-session', sessionId: firstId! });
    await new Promise((resolve) => setTimeout(resolve, 5)); // a later timestamp than the new session's
    await run.send({ type: 'send', sessionId: null, text: 'again' });
    await run.controller.idle();
    const newestFirst = await run.db.sessions.orderBy('updatedAt').reverse().toArray();
    expect(newestFirst.map((session) => session.title)).toEqual(['first session', 'Untitled session']);
    run.db.close();
  });

  it('refuses a path outside the workspace and tells the model why', async () => {
    const run = harness(`controller-${counter++}`, [reply(FC('read_file', { file_path: '../../etc/passwd' }), 'STOP'), reply(T('ok'), 'STOP')]);
    await run.send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    await run.next((event) => event.type === 'session-loaded');
    await run.send({ type: 'send', sessionId: null, text: 'read the password file' });
    await run.controller.idle();
    const refused = run.calls().at(-1)!;
    expect(refused).toMatchObject({ status: 'error', errorType: 'PATH_OUTSIDE_WORKSPACE' });
    const response = JSON.stringify(run.model.requests[1]?.contents.at(-1));
    expect(response).toContain('inside the workspace');
    run.db.close();
  });

  it('reports the session approval mode, and a changed mode sticks to the session', async () => {
    const name = `controller-${counter++}`;
    const run = harness(name, []);
    await run.send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    const loaded = await run.next((event) => event.type === 'session-loaded');
    expect(loaded.type === 'session-loaded' && loaded.session.approvalMode).toBe('ask');
    await run.send({ type: 'set-approval-mode', sessionId: null, mode: 'plan' });
    const sessionId = loaded.type === 'session-loaded' ? loaded.session.sessionId : '';
    run.db.close();
    const again = harness(name, []);
    await again.send({ type: 'init', sandbox: { kind: 'offline' }, settings, sessionId });
    const reloaded = await again.next((event) => event.type === 'session-loaded');
    expect(reloaded.type === 'session-loaded' && reloaded.session.approvalMode).toBe('plan');
    again.db.close();
  });

  it('checkpoints a command that may change files, but not a read-only one', async () => {
    const allowAll = { ...settings, approvalMode: 'allow-all' as const };
    const run = harness(`controller-${counter++}`, [
      reply(FC('run_shell_command', { command: 'ls' }), 'STOP'),
      reply(FC('run_shell_command', { command: 'echo hi > made.txt' }), 'STOP'),
      reply(T('done'), 'STOP'),
    ]);
    await run.send({ type: 'init', sandbox: { kind: 'offline' }, settings: allowAll });
    await run.next((event) => event.type === 'session-loaded');
    await run.send({ type: 'send', sessionId: null, text: 'look, then write' });
    await run.controller.idle();
    const checkpoints = await run.db.checkpoints.toArray();
    expect(checkpoints.map((checkpoint) => [checkpoint.label, checkpoint.wholeWorkspace])).toEqual([['run_shell_command echo hi > made.txt', true]]);
    // Restoring it removes the file the command created.
    await run.send({ type: 'restore-checkpoints', sessionId: null, checkpointIds: [checkpoints[0]!.id] });
    const sessionId = checkpoints[0]!.sessionId;
    const files = await listFiles(run.db, sessionId);
    expect(files.ok && files.value).toEqual([]);
    run.db.close();
  });
});

/**
 * The person's hooks (Settings → Hooks) in a whole session, as the worker runs it: the after-edit
 * command's output reaches the model with the edit's result, a failing before-stop command makes
 * the model go on, each run is in the Loop inspector's notes, and none of it (the commands, the
 * runs) is ever in a link or a session file, nor run by a replay.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { FC, T, createFakeModel, reply } from '../../agent/testing/fake-model';
import type { LanguageModel } from '../../model/types';
import { createOfflineSandbox } from '../../sandbox/offline/offline-sandbox';
import type { Sandbox } from '../../sandbox/types';
import { decodeLink } from '../../share/codec';
import type { ReplayState } from '../../shared/replay';
import { listCheckpoints } from '../../store/checkpoints';
import { listFiles } from '../../store/files';
import { listRoundTrips } from '../../store/round-trips';
import { initialSessionView, sessionReducer } from '../../ui/agent/session-reducer';
import type { ExportedSession, WorkerEvent, WorkerSettings } from '../protocol';
import { TEST_SETTINGS, createControllerHarness } from '../testing/controller-harness';

let counter = 0;
const AFTER_EDIT = 'echo "linted $(cat a.txt)"';
const BEFORE_STOP = 'if [ -f fixed.txt ]; then echo checks pass; else echo "fixed.txt is missing"; exit 1; fi';
const HOOKED: WorkerSettings = { ...TEST_SETTINGS, approvalMode: 'allow-all', afterEditHook: AFTER_EDIT, beforeStopHook: BEFORE_STOP };

const hookRuns = (events: WorkerEvent[]) =>
  events.flatMap((event) => (event.type === 'agent-event' && event.event.type === 'hook_run' ? [event.event.value] : []));

async function recordHookedSession() {
  const model = createFakeModel([
    reply(FC('write_file', { file_path: 'a.txt', content: 'alpha' }), 'STOP'),
    reply(T('Done.'), 'STOP'),
    reply(FC('write_file', { file_path: 'fixed.txt', content: 'yes' }), 'STOP'),
    reply(T('Done now.'), 'STOP'),
  ]);
  const databaseName = `person-hooks-${counter++}`;
  const harness = createControllerHarness({ databaseName, model, settings: HOOKED });
  await harness.init();
  await harness.send({ type: 'send', sessionId: null, text: 'write a' });
  await harness.controller.idle();
  return { harness: { ...harness, databaseName }, model };
}

async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  for (let tries = 0; tries < 400; tries++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('hooks a person defines, in a session', () => {
  it('the after-edit output goes with the edit result; a failing before-stop check makes the model go on until it passes', async () => {
    const { harness, model } = await recordHookedSession();
    expect(model.requests).toHaveLength(4);
    const firstResult = JSON.stringify(model.requests[1]!.contents.at(-1)!.parts[0]!.functionResponse!.response);
    expect(firstResult).toContain('After each edit run, a command the person set to run after each edit: exit code 0');
    expect(firstResult).toContain('linted alpha');
    const goOn = model.requests[2]!.contents.at(-1)!.parts.map((part) => part.text ?? '').join('');
    expect(goOn).toContain('fixed.txt is missing');
    expect(goOn).toContain('failed with exit code 1');

    expect(hookRuns(harness.events).map((run) => [run.hook, run.exitCode, run.sentToModel])).toEqual([
      ['after_edit', 0, undefined],
      ['before_stop', 1, true],
      ['after_edit', 0, undefined],
      ['before_stop', 0, undefined],
    ]);
    // The edit's card keeps its hook run, also in the session reopened.
    const cards = harness.calls().filter((call) => call.status === 'success');
    expect(cards.map((call) => call.hookRun?.output)).toEqual(['linted alpha', 'linted alpha']);
    const reopened = createControllerHarness({ databaseName: harness.databaseName, model: createFakeModel([]), settings: HOOKED });
    await reopened.init(harness.loaded()[0]!.sessionId);
    const loaded = reopened.events.find((event) => event.type === 'session-loaded');
    if (loaded?.type !== 'session-loaded') throw new Error('no session-loaded');
    const reopenedCards = sessionReducer(initialSessionView, loaded).items.flatMap((item) => (item.type === 'tool' ? [item.call.hookRun] : []));
    expect(reopenedCards.map((run) => [run?.hook, run?.exitCode, run?.output])).toEqual([
      ['after_edit', 0, 'linted alpha'],
      ['after_edit', 0, 'linted alpha'],
    ]);
    reopened.db.close();

    // The Loop inspector: each run is noted with the round-trip it followed, with its time and exit code.
    const sessionId = harness.loaded()[0]!.sessionId;
    const roundTrips = await listRoundTrips(harness.db, sessionId);
    if (!roundTrips.ok) throw new Error(roundTrips.error.message);
    const noted = roundTrips.value.flatMap((roundTrip) => (roundTrip.notes?.events ?? []).filter((event) => event.type === 'hook_run'));
    expect(noted.map((event) => [event.value.hook, event.value.exitCode, typeof event.value.durationMs, typeof event.at])).toEqual([
      ['after_edit', 0, 'number', 'number'],
      ['before_stop', 1, 'number', 'number'],
      ['after_edit', 0, 'number', 'number'],
      ['before_stop', 0, 'number', 'number'],
    ]);
  });

  it('what a hook command changes in the workspace is stored, as the agent’s own changes are', async () => {
    const model = createFakeModel([reply(FC('write_file', { file_path: 'a.txt', content: 'messy' }), 'STOP'), reply(T('Done.'), 'STOP')]);
    const settings: WorkerSettings = { ...TEST_SETTINGS, approvalMode: 'allow-all', afterEditHook: 'echo tidy > a.txt' };
    const harness = createControllerHarness({ databaseName: `person-hooks-files-${counter++}`, model, settings });
    await harness.init();
    await harness.send({ type: 'send', sessionId: null, text: 'write a' });
    await harness.controller.idle();
    const files = await listFiles(harness.db, harness.loaded()[0]!.sessionId);
    if (!files.ok) throw new Error(files.error.message);
    expect(files.value.map((file) => [file.path, file.content])).toEqual([['a.txt', 'tidy\n']]);
  });

  it('Restore of an edit also undoes what its after-edit command changed: the checkpoint holds the whole workspace', async () => {
    const model = createFakeModel([reply(FC('write_file', { file_path: 'a.txt', content: 'new' }), 'STOP'), reply(T('Done.'), 'STOP')]);
    const settings: WorkerSettings = { ...TEST_SETTINGS, approvalMode: 'allow-all', afterEditHook: 'echo generated > b.txt' };
    const harness = createControllerHarness({ databaseName: `person-hooks-restore-${counter++}`, model, settings });
    await harness.init();
    const sessionId = harness.loaded()[0]!.sessionId;
    await harness.send({ type: 'send', sessionId: null, text: 'write a' });
    await harness.controller.idle();
    const paths = async () => {
      const files = await listFiles(harness.db, sessionId);
      if (!files.ok) throw new Error(files.error.message);
      return files.value.map((file) => file.path).sort();
    };
    expect(await paths()).toEqual(['a.txt', 'b.txt']);
    const checkpoints = await listCheckpoints(harness.db, sessionId);
    if (!checkpoints.ok) throw new Error(checkpoints.error.message);
    expect(checkpoints.value.map((checkpoint) => checkpoint.wholeWorkspace)).toEqual([true]);
    await harness.send({ type: 'restore-checkpoints', sessionId: null, checkpointIds: [checkpoints.value[0]!.id] });
    expect(await paths()).toEqual([]);
  });

  it('Stop while the before-stop command runs stops the command and ends the run, without going on', async () => {
    const commands: string[] = [];
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const slowCheck = async (previous: Sandbox | null): Promise<Sandbox> => {
      await previous?.dispose();
      const sandbox = await createOfflineSandbox();
      const exec = sandbox.exec.bind(sandbox);
      return Object.assign(sandbox, {
        exec: (command: string, options?: Parameters<Sandbox['exec']>[1]) => {
          commands.push(command);
          if (command !== 'slow-check') return exec(command, options);
          started();
          // Like a long test run: it ends only when stopped.
          return new Promise<Awaited<ReturnType<Sandbox['exec']>>>((resolve) =>
            options?.signal?.addEventListener('abort', () => resolve({ exitCode: 130, stdout: '', stderr: '', aborted: true }), { once: true }),
          );
        },
      });
    };
    const model = createFakeModel([reply(T('Done.'), 'STOP'), reply(T('never asked'), 'STOP')]);
    const settings: WorkerSettings = { ...TEST_SETTINGS, beforeStopHook: 'slow-check' };
    const harness = createControllerHarness({ databaseName: `person-hooks-stop-${counter++}`, model, settings, acquireSandbox: slowCheck });
    await harness.init();
    await harness.send({ type: 'send', sessionId: null, text: 'hello' });
    await running;
    await harness.send({ type: 'stop' });
    await harness.controller.idle();
    expect(commands).toEqual(['slow-check']);
    expect(model.requests).toHaveLength(1);
    const outcomes = harness.events.flatMap((event) => (event.type === 'agent-event' && event.event.type === 'interaction_end' ? [event.event.value.outcome] : []));
    expect(outcomes).toEqual(['cancelled']);
  });

  it('the commands and their runs are never in the link or the session file', async () => {
    const { harness } = await recordHookedSession();
    const link = (await harness.send({ type: 'export-session', as: 'link' })).value as ExportedSession;
    const file = (await harness.send({ type: 'export-session', as: 'file' })).value as ExportedSession;
    const decoded = decodeLink(link.fragment!);
    if (!decoded.ok) throw new Error(decoded.error.message);
    for (const text of [JSON.stringify(decoded.value), file.fileText!]) {
      expect(text).not.toContain(AFTER_EDIT);
      expect(text).not.toContain(BEFORE_STOP);
      expect(text).not.toContain('hook_run');
      expect(text).not.toContain('afterEditHook');
    }
    // What the model was given stays: the recording is what happened.
    expect(file.fileText).toContain('linted alpha');
  });

  it('a replay never runs the hooks, neither the sender’s nor those of whoever plays it', async () => {
    const { harness: sender } = await recordHookedSession();
    const exported = (await sender.send({ type: 'export-session', as: 'file' })).value as ExportedSession;

    const commands: string[] = [];
    const spying = async (previous: Sandbox | null): Promise<Sandbox> => {
      await previous?.dispose();
      const sandbox = await createOfflineSandbox();
      const exec = sandbox.exec.bind(sandbox);
      return Object.assign(sandbox, { exec: (command: string, options?: Parameters<Sandbox['exec']>[1]) => (commands.push(command), exec(command, options)) });
    };
    const silent: LanguageModel = { provider: 'gemini', label: 'silent', tokenLimit: () => 1_000_000, stream: () => { throw new Error('a replay must not call the person’s model'); } };
    const readerHooks: WorkerSettings = { ...TEST_SETTINGS, afterEditHook: 'echo reader > reader-hook.txt', beforeStopHook: 'exit 1' };
    const reader = createControllerHarness({ databaseName: `person-hooks-replay-${counter++}`, model: silent, settings: readerHooks, acquireSandbox: spying });
    await reader.init();
    await reader.send({ type: 'open-shared', source: { kind: 'file', name: exported.fileName, text: exported.fileText! } });
    const sessionId = reader.loaded().at(-1)!.sessionId;
    await reader.send({ type: 'replay', command: { kind: 'start' } });
    const asked = new Set<string>();
    const done = await waitFor(() => {
      for (const call of reader.calls()) {
        if (call.status === 'awaiting_approval' && !asked.has(call.callId)) {
          asked.add(call.callId);
          void reader.send({ type: 'approval-response', callId: call.callId, outcome: 'proceed_once' });
        }
      }
      const state = reader.events.findLast((event): event is Extract<WorkerEvent, { type: 'replay' }> => event.type === 'replay')?.state;
      return state?.status === 'done' ? state : undefined;
    }, 'the replay to finish');
    await reader.controller.idle();

    expect(hookRuns(reader.events)).toEqual([]);
    for (const hook of [AFTER_EDIT, BEFORE_STOP, readerHooks.afterEditHook, readerHooks.beforeStopHook]) expect(commands).not.toContain(hook);
    const files = await listFiles(reader.db, sessionId);
    if (!files.ok) throw new Error(files.error.message);
    expect(files.value.map((stored) => stored.path).sort()).toEqual(['a.txt', 'fixed.txt']);
    // The recorded results hold the sender's hook output; the replayed ones, run without it, are said to differ.
    expect((done as ReplayState).differs).toHaveLength(2);
  });
});

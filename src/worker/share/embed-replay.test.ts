/**
 * The embedded player's worker (init's `replayOnly`, docs/architecture.md "An embed is the app
 * with ?embed"): a shared session replays to its end with every tool call answered from the
 * recording, built-in tools included: nothing asks, no command runs and no file changes, each
 * card holds the recorded result; `embed-session` gives the page the title, notes and round-trips.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { FC, T, createFakeModel, reply } from '../../agent/testing/fake-model';
import type { LanguageModel } from '../../model/types';
import { createOfflineSandbox } from '../../sandbox/offline/offline-sandbox';
import type { Sandbox } from '../../sandbox/types';
import type { ReplayState } from '../../shared/replay';
import { listFiles } from '../../store/files';
import { getSharedSession } from '../../store/shared-sessions';
import type { EmbedSession, ExportedSession, WorkerEvent } from '../protocol';
import { TEST_SETTINGS, createControllerHarness } from '../testing/controller-harness';

let counter = 0;

const silentModel: LanguageModel = {
  provider: 'gemini',
  label: 'must not be called',
  tokenLimit: () => 1_000_000,
  stream() {
    throw new Error('the player must not call a model');
  },
};

/** An offline sandbox that counts the commands run in it. */
function countingSandbox(count: { commands: number }): (previous: Sandbox | null) => Promise<Sandbox> {
  return async (previous) => {
    await previous?.dispose();
    const sandbox = await createOfflineSandbox();
    return new Proxy(sandbox, {
      get(target, key) {
        if (key === 'exec' || key === 'spawn') count.commands++;
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
}

async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  for (let tries = 0; tries < 400; tries++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const lastReplay = (events: WorkerEvent[]): ReplayState | undefined =>
  events.findLast((event): event is Extract<WorkerEvent, { type: 'replay' }> => event.type === 'replay')?.state;

describe('the replay-only player', () => {
  it('plays a shared session to its end from the recording alone: no approval, no command, no file changed', async () => {
    const sender = createControllerHarness({
      databaseName: `embed-sender-${counter++}`,
      model: createFakeModel([
        reply(FC('write_file', { file_path: 'notes.txt', content: 'one\n' }), 'STOP'),
        reply(FC('run_shell_command', { command: 'echo built > out.txt' }), 'STOP'),
        reply(T('All done.'), 'STOP'),
      ]),
      settings: { ...TEST_SETTINGS, approvalMode: 'allow-all' },
    });
    await sender.init();
    await sender.send({ type: 'send', sessionId: null, text: 'Make notes and build' });
    await sender.controller.idle();
    await sender.send({ type: 'set-note', sessionId: null, anchor: 'message:1', text: 'Watch the write.' });
    const exported = (await sender.send({ type: 'export-session', as: 'link' })).value as ExportedSession;

    const count = { commands: 0 };
    const player = createControllerHarness({ databaseName: `embed-player-${counter++}`, model: silentModel, replayOnly: true, acquireSandbox: countingSandbox(count) });
    expect((await player.init()).error).toBeUndefined();
    expect((await player.send({ type: 'open-shared', source: { kind: 'link', fragment: exported.fragment! } })).error).toBeUndefined();
    const sessionId = player.loaded().at(-1)!.sessionId;
    const started = await player.send({ type: 'replay', command: { kind: 'start', speed: 'instant' } });
    expect(started.error).toBeUndefined();
    const state = await waitFor(() => {
      const last = lastReplay(player.events);
      return last?.status === 'done' || last?.status === 'failed' ? last : undefined;
    }, 'the replay to finish');
    await player.controller.idle();

    expect(state).toMatchObject({ status: 'done', roundTrip: 3, total: 3, differs: [], caption: 'Watch the write.' });
    expect(player.calls().some((call) => call.status === 'awaiting_approval')).toBe(false);
    const ended = player.calls().filter((call) => call.status === 'success');
    expect(new Set(ended.map((call) => call.name))).toEqual(new Set(['write_file', 'run_shell_command']));
    expect(count.commands).toBe(0);
    // The files are the recording's starting files: the recorded write_file wrote nothing.
    const files = await listFiles(player.db, sessionId);
    const shared = await getSharedSession(player.db, sessionId);
    const start = shared.ok ? shared.value?.startFiles : undefined;
    expect(start).toBeDefined();
    expect(files.ok && files.value.map((file) => ({ path: file.path, content: file.content }))).toEqual(start);
    expect(files.ok && files.value.some((file) => file.path === 'notes.txt')).toBe(false);
    // Nor the file the recorded command created (its whole-workspace checkpoint did not hold it).
    expect(files.ok && files.value.some((file) => file.path === 'out.txt')).toBe(false);

    const read = await player.send({ type: 'embed-session', sessionId });
    const session = read.value as EmbedSession;
    expect(session.title).toBe('Shared: Make notes and build');
    expect(session.notes).toEqual({ 'message:1': 'Watch the write.' });
    expect(session.roundTrips).toHaveLength(3);
  });
});

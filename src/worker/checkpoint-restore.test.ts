/**
 * Checkpoint requests through the session controller, in Node: fake-indexeddb, the offline
 * sandbox, the real tools and a scripted model.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { FC, T, createFakeModel, reply } from '../agent/testing/fake-model';
import type { FakeResponse } from '../agent/testing/fake-model';
import { createOfflineSandbox } from '../sandbox/offline/offline-sandbox';
import { FREE_SPACE_BUDGET_BYTES, PRUNED_MESSAGE, createCheckpoint } from '../store/checkpoints';
import { openDatabase } from '../store/db';
import { listFiles } from '../store/files';
import { createBuiltinTools, createToolRegistry } from '../tools/registry';
import { isReadOnlyShellCommand } from '../tools/shell-read-only';
import { createSwitchableModel } from './model-factory';
import type { ClientMessage, ClientRequest, WorkerEvent, WorkerSettings } from './protocol';
import { PROTOCOL_VERSION } from './protocol';
import { createSessionController } from './session-controller';

const settings: WorkerSettings = {
  provider: 'scripted',
  model: 'test-model',
  baseUrl: '',
  approvalMode: 'allow-all',
  stepThrough: false,
  loopHeuristics: false,
  nextSpeakerCheck: false,
};

let counter = 0;

async function openSession(script: FakeResponse[] = []) {
  const db = openDatabase({ name: `checkpoint-requests-${counter++}` });
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
  });
  /** Handles the request and returns the worker's answer to it. */
  const request = async (body: ClientRequest) => {
    const id = `m${counter++}`;
    await controller.handle({ ...body, v: PROTOCOL_VERSION, id } as ClientMessage);
    const answer = events.find((event) => event.type === 'response' && event.id === id);
    if (answer?.type !== 'response') throw new Error(`no answer to ${body.type}`);
    return answer;
  };
  await request({ type: 'init', sandbox: { kind: 'offline' }, settings });
  const loaded = events.find((event) => event.type === 'session-loaded');
  if (loaded?.type !== 'session-loaded') throw new Error('no session loaded');
  const notices = () => events.flatMap((event) => (event.type === 'notice' ? [event.message] : []));
  return { db, controller, request, notices, sessionId: loaded.session.sessionId };
}

describe('checkpoint requests', () => {
  it('restoring a pruned checkpoint answers that it was pruned, and says so on the page', async () => {
    const { db, request, notices, sessionId } = await openSession();
    const keepOne = { keepPerSession: 1, budgetBytes: Infinity };
    const pruned = await createCheckpoint(db, { sessionId, label: 'write_file a.txt', files: [{ path: 'a.txt', content: null }] }, keepOne);
    await createCheckpoint(db, { sessionId, label: 'write_file b.txt', files: [{ path: 'b.txt', content: null }] }, keepOne);
    if (!pruned.ok) throw new Error(pruned.error.message);
    const answer = await request({ type: 'restore-checkpoints', checkpointIds: [pruned.value.id] });
    expect(answer.error).toEqual({ kind: 'pruned', message: PRUNED_MESSAGE });
    expect(notices()).toContain(PRUNED_MESSAGE);
    db.close();
  });

  it('runs a command whose checkpoint could not be saved, and tells the person Restore cannot undo it', async () => {
    const { db, controller, request, notices, sessionId } = await openSession([
      reply(FC('run_shell_command', { command: 'echo hi > made.txt' }), 'STOP'),
      reply(T('done'), 'STOP'),
    ]);
    vi.spyOn(db.checkpoints, 'add').mockRejectedValue(Object.assign(new Error('quota'), { name: 'QuotaExceededError' }));
    await request({ type: 'send', text: 'write a file' });
    await controller.idle();
    expect(notices().some((message) => message.startsWith('No checkpoint could be saved before run_shell_command echo hi > made.txt'))).toBe(true);
    const files = await listFiles(db, sessionId);
    expect(files.ok && files.value.map((file) => file.path)).toEqual(['made.txt']);
    db.close();
  });

  it('Free space prunes the oldest checkpoints down to its budget and answers what it freed', async () => {
    const { db, request, sessionId } = await openSession();
    const big = (seed: string) => [{ path: 'big.txt', content: seed.repeat(3 * 1024 * 1024) }];
    for (const seed of ['a', 'b', 'c', 'd']) await createCheckpoint(db, { sessionId, label: seed, files: big(seed) });
    const answer = await request({ type: 'free-space' });
    expect(answer.value).toMatchObject({ pruned: 2 });
    expect((answer.value as { storedBytes: number }).storedBytes).toBeLessThanOrEqual(FREE_SPACE_BUDGET_BYTES);
    expect((await db.checkpoints.toArray()).map((checkpoint) => checkpoint.label).sort()).toEqual(['c', 'd']);
    db.close();
  });
});

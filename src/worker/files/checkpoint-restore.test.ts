/**
 * Checkpoint requests through the session controller, in Node: fake-indexeddb, the offline
 * sandbox, the real tools and a scripted model.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { FC, T, createFakeModel, reply } from '../../agent/testing/fake-model';
import type { FakeResponse } from '../../agent/testing/fake-model';
import { PRUNED_MESSAGE, createCheckpoint } from '../../store/checkpoints';
import { listFiles } from '../../store/files';
import { TEST_SETTINGS, createControllerHarness } from '../testing/controller-harness';
import { FREE_SPACE_BUDGET_BYTES } from '../../shared/limits';

let counter = 0;

async function openSession(script: FakeResponse[] = []) {
  const harness = createControllerHarness({
    databaseName: `checkpoint-requests-${counter++}`,
    model: createFakeModel(script),
    settings: { ...TEST_SETTINGS, approvalMode: 'allow-all' },
  });
  await harness.init();
  const sessionId = harness.loaded()[0]?.sessionId;
  if (!sessionId) throw new Error('no session loaded');
  const notices = () => harness.events.flatMap((event) => (event.type === 'notice' ? [event.message] : []));
  return { db: harness.db, controller: harness.controller, request: harness.send, notices, sessionId };
}

describe('checkpoint requests', () => {
  it('restoring a pruned checkpoint answers that it was pruned, and says so on the page', async () => {
    const { db, request, notices, sessionId } = await openSession();
    const keepOne = { keepPerSession: 1, budgetBytes: Infinity };
    const pruned = await createCheckpoint(db, { sessionId, label: 'write_file a.txt', files: [{ path: 'a.txt', content: null }] }, keepOne);
    await createCheckpoint(db, { sessionId, label: 'write_file b.txt', files: [{ path: 'b.txt', content: null }] }, keepOne);
    if (!pruned.ok) throw new Error(pruned.error.message);
    const answer = await request({ type: 'restore-checkpoints', sessionId: null, checkpointIds: [pruned.value.id] });
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
    await request({ type: 'send', sessionId: null, text: 'write a file' });
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

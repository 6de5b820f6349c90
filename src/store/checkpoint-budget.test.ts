import { describe, expect, it } from 'vitest';
import { createCheckpoint, listCheckpoints, pruneCheckpoints, readCheckpoints, PRUNED_MESSAGE } from './checkpoints';
import type { PrunePolicy } from './checkpoints';
import type { LoopscopeDb } from './db';
import { createSession, removeSession } from './sessions';
import { openFakeDatabase, steppingClock, unwrap } from './testing/fake-database';
import type { CheckpointFile } from './types';

const CHECKPOINT_TABLES = ['checkpoints', 'prunedCheckpoints', 'manifests', 'blobs'] as const;

/** Bytes a row costs, roughly as structured clone keeps it: JSON text, bytes as their length. */
function rowBytes(row: unknown): number {
  let binary = 0;
  const text = JSON.stringify(row, (_key, value: unknown) => {
    if (value instanceof Uint8Array) {
      binary += value.byteLength;
      return '';
    }
    return value;
  });
  return new TextEncoder().encode(text).byteLength + binary;
}

/** Every row of the checkpoint tables, by table and primary key. */
async function checkpointRows(db: LoopscopeDb): Promise<Map<string, unknown>> {
  const rows = new Map<string, unknown>();
  for (const name of CHECKPOINT_TABLES) {
    const table = db.table(name);
    const keys = await table.toCollection().primaryKeys();
    const values = await table.bulkGet(keys);
    keys.forEach((key, index) => rows.set(`${name}:${String(key)}`, values[index]));
  }
  return rows;
}

function workspace(fileCount: number): CheckpointFile[] {
  return Array.from({ length: fileCount }, (_, index) => ({
    path: `src/module-${index}.ts`,
    content: `export const value${index} = ${index};\n`.repeat(40),
  }));
}

describe('content-addressed checkpoints', () => {
  it('checkpointing an unchanged 200-file workspace again adds under 1 KB of rows', async () => {
    const { db } = openFakeDatabase();
    const files = workspace(200);
    unwrap(await createCheckpoint(db, { sessionId: 's1', label: 'first', files, wholeWorkspace: true }));
    const before = await checkpointRows(db);
    unwrap(await createCheckpoint(db, { sessionId: 's1', callId: 'call-2', label: 'run_shell_command npm test', files, wholeWorkspace: true }));
    const after = await checkpointRows(db);
    const added = [...after].filter(([key]) => !before.has(key));
    const bytes = added.reduce((total, [, row]) => total + rowBytes(row), 0);
    expect(added.map(([key]) => key.split(':')[0])).toEqual(['checkpoints']);
    expect(bytes).toBeLessThanOrEqual(1024);
    expect([...after].filter(([key]) => key.startsWith('blobs:'))).toHaveLength(200);
  });

  it('gives text and binary contents back exactly, the same bytes as text or binary kept apart', async () => {
    const { db } = openFakeDatabase();
    const buffer = new Uint8Array([9, 9, 0x61, 0x62, 0x63, 9]);
    const files: CheckpointFile[] = [
      { path: 'a.txt', content: 'abc' },
      { path: 'b.bin', content: new TextEncoder().encode('abc') },
      { path: 'c.bin', content: buffer.subarray(2, 5) },
      { path: 'd.txt', content: 'héllo 👋 \uD800 lone surrogate' },
      { path: 'e.txt', content: 'h\uFFFDllo' },
      { path: 'f.txt', content: '' },
      { path: 'g.bin', content: new Uint8Array(0) },
      { path: 'h.bin', content: new Uint8Array([0, 255, 128, 1]) },
      { path: 'gone.txt', content: null },
    ];
    const checkpoint = unwrap(await createCheckpoint(db, { sessionId: 's1', label: 'mixed', files }));
    const [read] = unwrap(await readCheckpoints(db, 's1', [checkpoint.id]));
    const byPath = new Map(read?.files.map((file) => [file.path, file.content]));
    for (const file of files) {
      const content = byPath.get(file.path);
      if (file.content instanceof Uint8Array) {
        expect(content).toBeInstanceOf(Uint8Array);
        expect([...(content as Uint8Array)]).toEqual([...file.content]);
      } else {
        expect(content).toBe(file.content);
      }
    }
    // 'b.bin' and 'c.bin' hold the same three bytes; the view's whole buffer is not stored.
    const blobs = await db.blobs.toArray();
    expect(blobs).toHaveLength(files.length - 2);
    expect(blobs.every((blob) => typeof blob.content === 'string' || blob.content.buffer.byteLength === blob.content.byteLength)).toBe(true);
  });
});

describe('pruning checkpoints', () => {
  const small: PrunePolicy = { keepPerSession: 3, budgetBytes: Infinity };

  it('keeps the newest checkpoints of a session; older ones say they were pruned and cannot be restored', async () => {
    const { db } = openFakeDatabase({ now: steppingClock() });
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      ids.push(unwrap(await createCheckpoint(db, { sessionId: 's1', callId: `c${index}`, label: `edit ${index}`, files: [{ path: 'a.ts', content: `v${index}` }] }, small)).id);
    }
    unwrap(await createCheckpoint(db, { sessionId: 's2', label: 'other session', files: [{ path: 'a.ts', content: 'v0' }] }, small));
    const listed = unwrap(await listCheckpoints(db, 's1'));
    expect(listed.map((checkpoint) => [checkpoint.callId, checkpoint.pruned ?? false])).toEqual([
      ['c0', true],
      ['c1', true],
      ['c2', false],
      ['c3', false],
      ['c4', false],
    ]);
    expect(await readCheckpoints(db, 's1', [ids[0]!])).toEqual({ ok: false, error: { kind: 'pruned', message: PRUNED_MESSAGE } });
    expect(await readCheckpoints(db, 's1', [ids[1]!, ids[4]!])).toMatchObject({ ok: false, error: { kind: 'pruned' } });
    expect(unwrap(await readCheckpoints(db, 's1', [ids[2]!]))[0]?.files).toEqual([{ path: 'a.ts', content: 'v2' }]);
    // v0 is still held by the other session's checkpoint; v1 was held by a pruned one only.
    expect((await db.blobs.toArray()).map((blob) => blob.content).sort()).toEqual(['v0', 'v2', 'v3', 'v4']);
    expect(await db.manifests.count()).toBe(4);
  });

  it('over the byte budget, prunes the oldest checkpoints of any session first, never the one just taken', async () => {
    const { db } = openFakeDatabase({ now: steppingClock() });
    const budget: PrunePolicy = { keepPerSession: 50, budgetBytes: 3_500 };
    const big = (seed: string) => [{ path: 'big.txt', content: seed.repeat(1_000) }];
    const first = unwrap(await createCheckpoint(db, { sessionId: 's1', label: 'one', files: big('a') }, budget));
    const second = unwrap(await createCheckpoint(db, { sessionId: 's2', label: 'two', files: big('b') }, budget));
    const third = unwrap(await createCheckpoint(db, { sessionId: 's1', label: 'three', files: big('c') }, budget));
    expect((await db.checkpoints.orderBy('createdAt').toArray()).map((checkpoint) => checkpoint.id)).toEqual([second.id, third.id]);
    expect(unwrap(await listCheckpoints(db, 's1')).map((checkpoint) => [checkpoint.id, checkpoint.pruned ?? false])).toEqual([
      [first.id, true],
      [third.id, false],
    ]);
    // One checkpoint larger than the whole budget is still kept: it is the one just taken.
    const huge = unwrap(await createCheckpoint(db, { sessionId: 's1', label: 'huge', files: big('d'.repeat(5)) }, budget));
    expect((await db.checkpoints.toArray()).map((checkpoint) => checkpoint.id)).toEqual([huge.id]);
    expect((await db.blobs.toArray()).map((blob) => blob.size)).toEqual([5_000]);
  });

  it('Free space prunes every session down to the smaller budget and reports what it freed', async () => {
    const { db } = openFakeDatabase({ now: steppingClock() });
    for (const seed of ['a', 'b', 'c', 'd']) {
      unwrap(await createCheckpoint(db, { sessionId: `s-${seed}`, label: seed, files: [{ path: 'f.txt', content: seed.repeat(2_000) }] }));
    }
    const report = unwrap(await pruneCheckpoints(db, 4_500));
    expect(report.pruned).toBe(2);
    expect(report.freedBytes).toBeGreaterThanOrEqual(4_000);
    expect(report.storedBytes).toBeLessThanOrEqual(4_500);
    expect((await db.checkpoints.toArray()).map((checkpoint) => checkpoint.label).sort()).toEqual(['c', 'd']);
    expect(unwrap(await pruneCheckpoints(db, 4_500)).pruned).toBe(0);
  });
});

describe('removing a session', () => {
  it('deletes its checkpoints, tombstones and the contents no other session holds', async () => {
    const { db } = openFakeDatabase({ now: steppingClock() });
    const doomed = unwrap(await createSession(db));
    const kept = unwrap(await createSession(db));
    const policy: PrunePolicy = { keepPerSession: 1, budgetBytes: Infinity };
    unwrap(await createCheckpoint(db, { sessionId: doomed.id, label: 'x', files: [{ path: 'a', content: 'only doomed' }] }, policy));
    unwrap(await createCheckpoint(db, { sessionId: doomed.id, label: 'y', files: [{ path: 'a', content: 'shared' }, { path: 'b', content: 'only doomed too' }] }, policy));
    unwrap(await createCheckpoint(db, { sessionId: kept.id, label: 'z', files: [{ path: 'a', content: 'shared' }] }, policy));
    expect(await db.prunedCheckpoints.count()).toBe(1);
    unwrap(await removeSession(db, doomed.id));
    expect(unwrap(await listCheckpoints(db, doomed.id))).toEqual([]);
    expect(await db.prunedCheckpoints.count()).toBe(0);
    expect((await db.blobs.toArray()).map((blob) => blob.content)).toEqual(['shared']);
    expect(await db.manifests.count()).toBe(1);
    expect(unwrap(await listCheckpoints(db, kept.id)).map((checkpoint) => checkpoint.label)).toEqual(['z']);
  });
});

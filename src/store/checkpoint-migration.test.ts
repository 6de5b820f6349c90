import { describe, expect, it } from 'vitest';
import { createCheckpoint, listCheckpoints, readCheckpoints } from './checkpoints';
import { SCHEMA_VERSIONS } from './schema';
import { removeSession } from './sessions';
import { openFakeDatabase, unwrap } from './testing/fake-database';

const bytes = new Uint8Array([0, 1, 2, 250, 255]);

/** Checkpoints exactly as schema v1 and v2 stored them: every file's content inline. */
const inline = [
  { id: 'cp-1', sessionId: 's1', callId: 'c1', createdAt: 10, label: 'write_file a.ts', files: [{ path: 'a.ts', content: 'original' }] },
  {
    id: 'cp-2',
    sessionId: 's1',
    callId: 'c2',
    createdAt: 20,
    label: 'run_shell_command make',
    wholeWorkspace: true,
    files: [
      { path: 'a.ts', content: 'edited' },
      { path: 'logo.png', content: bytes },
      { path: 'notes.md', content: 'original' },
    ],
  },
  { id: 'cp-3', sessionId: 's2', createdAt: 30, label: 'write_file new.ts', files: [{ path: 'new.ts', content: null }] },
];

describe.each([1, 2])('checkpoints stored by schema v%i', (version) => {
  async function upgradedDatabase() {
    const { reopen } = openFakeDatabase();
    const old = reopen({ versions: SCHEMA_VERSIONS.filter((schema) => schema.version <= version) });
    await old.table('sessions').bulkAdd([
      { id: 's1', title: 'One', createdAt: 1, updatedAt: 1, origin: 'local' },
      { id: 's2', title: 'Two', createdAt: 1, updatedAt: 1, origin: 'local' },
    ]);
    await old.table('checkpoints').bulkAdd(inline);
    old.close();
    return reopen();
  }

  it('restore the same files after the upgrade, each content stored once', async () => {
    const db = await upgradedDatabase();
    const [first, second] = unwrap(await readCheckpoints(db, 's1', ['cp-1', 'cp-2']));
    expect(first).toEqual({ id: 'cp-1', sessionId: 's1', callId: 'c1', createdAt: 10, label: 'write_file a.ts', files: [{ path: 'a.ts', content: 'original' }] });
    expect(second?.wholeWorkspace).toBe(true);
    expect(second?.files).toEqual([
      { path: 'a.ts', content: 'edited' },
      { path: 'logo.png', content: bytes },
      { path: 'notes.md', content: 'original' },
    ]);
    expect(second?.files[1]?.content).toBeInstanceOf(Uint8Array);
    expect(unwrap(await readCheckpoints(db, 's2', ['cp-3']))[0]?.files).toEqual([{ path: 'new.ts', content: null }]);
    // 'original' appears twice but is stored once; no row keeps inline contents.
    expect(await db.blobs.count()).toBe(3);
    expect((await db.checkpoints.toArray()).some((checkpoint) => 'files' in checkpoint)).toBe(false);
    db.close();
  });

  it('keep listing, pruning and session removal working on migrated checkpoints', async () => {
    const db = await upgradedDatabase();
    expect(unwrap(await listCheckpoints(db, 's1')).map((checkpoint) => checkpoint.id)).toEqual(['cp-1', 'cp-2']);
    unwrap(await createCheckpoint(db, { sessionId: 's1', label: 'next', files: [{ path: 'a.ts', content: 'edited' }] }, { keepPerSession: 2, budgetBytes: Infinity }));
    expect(unwrap(await listCheckpoints(db, 's1')).map((checkpoint) => checkpoint.pruned ?? false)).toEqual([true, false, false]);
    unwrap(await removeSession(db, 's1'));
    expect(await db.blobs.count()).toBe(0);
    expect(unwrap(await listCheckpoints(db, 's2'))).toHaveLength(1);
    db.close();
  });
});

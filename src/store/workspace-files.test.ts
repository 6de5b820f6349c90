import { describe, expect, it } from 'vitest';
import { createCheckpoint, getCheckpoint, listCheckpoints } from './checkpoints';
import { getFile, listFiles, putFile, removeFiles, replaceFiles } from './files';
import { queryFileSummaries } from './queries';
import { addRoundTrip, countRoundTrips, listRoundTrips } from './round-trips';
import { openFakeDatabase, steppingClock, unwrap } from './testing/fake-database';

const paths = (records: { path: string }[]) => records.map((record) => record.path);

describe('workspace files', () => {
  it('puts, lists by path and keeps sessions apart', async () => {
    const { db } = openFakeDatabase();
    unwrap(await putFile(db, 's1', { path: 'src/b.ts', content: 'b' }));
    unwrap(await putFile(db, 's1', { path: 'README.md', content: 'héllo' }));
    unwrap(await putFile(db, 's1', { path: 'logo.png', content: new Uint8Array([1, 2, 3]) }));
    unwrap(await putFile(db, 's2', { path: 'other.ts', content: 'x' }));
    const files = unwrap(await listFiles(db, 's1'));
    expect(paths(files)).toEqual(['README.md', 'logo.png', 'src/b.ts']);
    expect(files.map((file) => file.size)).toEqual([6, 3, 1]);
    expect(unwrap(await getFile(db, 's1', 'logo.png'))?.content).toEqual(new Uint8Array([1, 2, 3]));
    expect(unwrap(await getFile(db, 's1', 'other.ts'))).toBeNull();
  });

  it('reads paths and sizes from the index, after overwrites too', async () => {
    const { db } = openFakeDatabase();
    unwrap(await putFile(db, 's1', { path: 'a.ts', content: 'short' }));
    unwrap(await putFile(db, 's1', { path: 'a.ts', content: 'much longer' }));
    unwrap(await putFile(db, 's1', { path: 'b/c.ts', content: '' }));
    unwrap(await putFile(db, 's2', { path: 'z.ts', content: 'zz' }));
    expect(await queryFileSummaries(db, 's1')).toEqual([
      { path: 'a.ts', size: 11 },
      { path: 'b/c.ts', size: 0 },
    ]);
  });

  it('removes a file, or a folder with everything under it but not its look-alike siblings', async () => {
    const { db } = openFakeDatabase();
    for (const path of ['src', 'src/a.ts', 'src/lib/b.ts', 'src-old/c.ts', 'src.ts', 'srcx/d.ts', 'top.ts']) {
      unwrap(await putFile(db, 's1', { path, content: path }));
    }
    unwrap(await putFile(db, 's2', { path: 'src/a.ts', content: 'other session' }));
    expect(unwrap(await removeFiles(db, 's1', 'src/'))).toBe(3);
    expect(paths(unwrap(await listFiles(db, 's1')))).toEqual(['src-old/c.ts', 'src.ts', 'srcx/d.ts', 'top.ts']);
    expect(unwrap(await removeFiles(db, 's1', 'top.ts'))).toBe(1);
    expect(unwrap(await removeFiles(db, 's1', 'missing'))).toBe(0);
    expect(unwrap(await removeFiles(db, 's1', ''))).toBe(3);
    expect(paths(unwrap(await listFiles(db, 's2')))).toEqual(['src/a.ts']);
  });

  it('replaces a whole workspace in one go', async () => {
    const { db } = openFakeDatabase();
    unwrap(await putFile(db, 's1', { path: 'old.ts', content: 'old' }));
    unwrap(await replaceFiles(db, 's1', [{ path: 'new.ts', content: 'new' }, { path: 'b.bin', content: new Uint8Array([0]) }]));
    expect(paths(unwrap(await listFiles(db, 's1')))).toEqual(['b.bin', 'new.ts']);
    unwrap(await replaceFiles(db, 's1', []));
    expect(unwrap(await listFiles(db, 's1'))).toEqual([]);
  });
});

describe('checkpoints', () => {
  it('creates, lists oldest first per session and gets by id', async () => {
    const { db } = openFakeDatabase({ now: steppingClock() });
    const first = unwrap(await createCheckpoint(db, { sessionId: 's1', callId: 'c1', label: 'before edit', files: [{ path: 'a.ts', content: 'a' }] }));
    const second = unwrap(await createCheckpoint(db, { sessionId: 's1', label: 'before delete', files: [{ path: 'new.ts', content: null }] }));
    unwrap(await createCheckpoint(db, { sessionId: 's2', label: 'elsewhere', files: [] }));
    expect(unwrap(await listCheckpoints(db, 's1')).map((checkpoint) => checkpoint.id)).toEqual([first.id, second.id]);
    expect(unwrap(await getCheckpoint(db, second.id))).toEqual(second);
    expect(second).not.toHaveProperty('callId');
    expect(unwrap(await getCheckpoint(db, 'missing'))).toBeNull();
  });
});

describe('round-trips', () => {
  it('adds, replaces by id, lists in start order and counts per session', async () => {
    const { db } = openFakeDatabase();
    const base = { interactionId: 'i1', request: { model: 'm', contents: [] }, response: [] };
    unwrap(await addRoundTrip(db, 's1', { ...base, id: 'late', startedAt: 20 }));
    unwrap(await addRoundTrip(db, 's1', { ...base, id: 'early', startedAt: 10 }));
    unwrap(await addRoundTrip(db, 's1', { ...base, id: 'early', startedAt: 10, endedAt: 15, response: [{ chunk: 1 }] }));
    unwrap(await addRoundTrip(db, 's2', { ...base, id: 'other', startedAt: 5 }));
    const listed = unwrap(await listRoundTrips(db, 's1'));
    expect(listed.map((roundTrip) => roundTrip.id)).toEqual(['early', 'late']);
    expect(listed[0]).toMatchObject({ sessionId: 's1', endedAt: 15, response: [{ chunk: 1 }] });
    expect(unwrap(await countRoundTrips(db, 's1'))).toBe(2);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { Content } from '../shared/content';
import { getFile, listFiles } from './files';
import { createHistoryWriter } from './history';
import { SCHEMA_VERSIONS, SETTINGS_KEY } from './schema';
import type { SchemaVersion } from './schema';
import { createSession, getSession, listSessions } from './sessions';
import { getSettings } from './settings';
import { queryToolCards } from './tool-cards';
import { openFakeDatabase, unwrap } from './testing/fake-database';
import { DEFAULT_SETTINGS } from './types';

const v1 = SCHEMA_VERSIONS.filter((schema) => schema.version === 1);

/** A later version as a future change would add it: new index plus an upgrade function. */
const hypotheticalV2: SchemaVersion = {
  version: Math.max(...SCHEMA_VERSIONS.map((schema) => schema.version)) + 1,
  stores: { sessions: 'id, updatedAt, origin' },
  upgrade: (transaction) =>
    transaction
      .table('sessions')
      .toCollection()
      .modify((session: { title: string }) => {
        session.title = `${session.title} (upgraded)`;
      }),
};

const history: Content[] = [
  { role: 'user', parts: [{ text: 'build a counter' }] },
  { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'write_file', args: { path: 'a.ts' } }, thoughtSignature: 'sig' }] },
  { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'write_file', response: { output: 'ok' } } }] },
];

/** Records exactly as schema v1 stores them, written without today's repositories. */
async function writeV1Data(reopen: ReturnType<typeof openFakeDatabase>['reopen']): Promise<void> {
  const old = reopen({ versions: v1 });
  // v1 kept the history revision on the session record.
  await old.table('sessions').add({ id: 's1', title: 'Old session', createdAt: 1, updatedAt: 2, origin: 'local', revision: 3 });
  await old.history.bulkAdd(history.map((content, seq) => ({ sessionId: 's1', seq, content })));
  await old.files.add({ sessionId: 's1', path: 'a.ts', content: 'export {}', size: 9, updatedAt: 2 });
  await old.settings.put({ ...DEFAULT_SETTINGS, provider: 'gemini', lastSessionId: 's1' }, SETTINGS_KEY);
  old.close();
}

describe('schema upgrades', () => {
  it('keeps every published version, numbered in order', () => {
    expect(SCHEMA_VERSIONS[0]?.version).toBe(1);
    SCHEMA_VERSIONS.forEach((schema, index) => expect(schema.version).toBe(index + 1));
  });

  it('reads a v1 database with data using the current code', async () => {
    const { reopen } = openFakeDatabase();
    await writeV1Data(reopen);
    const current = reopen();
    const session = unwrap(await getSession(current, 's1'));
    expect(session).toMatchObject({ title: 'Old session' });
    expect(session).not.toHaveProperty('revision');
    expect(await current.heads.get('s1')).toEqual({ sessionId: 's1', revision: 3 });
    const writer = createHistoryWriter(current, 's1');
    expect(unwrap(await writer.load())).toEqual(history);
    expect(writer.revision()).toBe(3);
    expect(unwrap(await getFile(current, 's1', 'a.ts'))?.content).toBe('export {}');
    expect(unwrap(await getSettings(current))).toMatchObject({ provider: 'gemini', lastSessionId: 's1' });
    unwrap(await writer.commit([...history, { role: 'model', parts: [{ text: 'done' }] }]));
    current.close();
  });

  it('opens a session stored before tool cards (v4) with none, and stores the cards of its next calls', async () => {
    const { reopen } = openFakeDatabase();
    // Records as v4 stored them, written without today's repositories.
    const v4 = reopen({ versions: SCHEMA_VERSIONS.filter((schema) => schema.version <= 4) });
    const session = { id: 's4', title: 'Before cards', createdAt: 1, updatedAt: 2, origin: 'local' as const };
    await v4.sessions.add(session);
    await v4.heads.put({ sessionId: session.id, revision: 1 });
    await v4.history.bulkAdd(history.map((content, seq) => ({ sessionId: session.id, seq, content })));
    v4.close();

    const current = reopen();
    expect(await queryToolCards(current, session.id, history)).toEqual({});
    const writer = createHistoryWriter(current, session.id);
    expect(unwrap(await writer.load())).toEqual(history);
    const next: Content[] = [
      ...history,
      { role: 'model', parts: [{ functionCall: { id: 'c2', name: 'read_file', args: { file_path: 'a.ts' } } }] },
      { role: 'user', parts: [{ functionResponse: { id: 'c2', name: 'read_file', response: { output: 'export {}' } } }] },
    ];
    writer.noteCard('c2', { summary: 'a.ts', status: 'success' });
    unwrap(await writer.commit(next));
    expect(await queryToolCards(current, session.id, next)).toEqual({ c2: { summary: 'a.ts', status: 'success' } });
    current.close();
  });

  it('gives each history entry stored before entry ids (v5) an id of its own, the same at every later load, and a shared recording too', async () => {
    const { reopen } = openFakeDatabase();
    const v5 = reopen({ versions: SCHEMA_VERSIONS.filter((schema) => schema.version <= 5) });
    const session = { id: 's5', title: 'Before entry ids', createdAt: 1, updatedAt: 2, origin: 'shared' as const };
    await v5.sessions.add(session);
    await v5.heads.put({ sessionId: session.id, revision: 1 });
    await v5.history.bulkAdd(history.map((content, seq) => ({ sessionId: session.id, seq, content })));
    await v5.table('sharedSessions').add({ sessionId: session.id, digest: 'd', recordedHistory: history, notes: [] });
    v5.close();

    const current = reopen();
    const ids = unwrap(await createHistoryWriter(current, session.id).load()).map((content) => content.entryId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(history.length);
    const recorded = (await current.table('sharedSessions').get(session.id)) as { recordedHistory: Content[] };
    expect(recorded.recordedHistory.every((content) => typeof content.entryId === 'string')).toBe(true);
    current.close();
    const again = reopen();
    expect(unwrap(await createHistoryWriter(again, session.id).load()).map((content) => content.entryId)).toEqual(ids);
    again.close();
  });

  it('runs a later version’s upgrade over v1 data without losing any', async () => {
    const { reopen } = openFakeDatabase();
    await writeV1Data(reopen);
    const upgraded = reopen({ versions: [...SCHEMA_VERSIONS, hypotheticalV2] });
    expect(unwrap(await listSessions(upgraded)).map((session) => session.title)).toEqual(['Old session (upgraded)']);
    expect(unwrap(await createHistoryWriter(upgraded, 's1').load())).toEqual(history);
    expect(unwrap(await listFiles(upgraded, 's1'))).toHaveLength(1);
    upgraded.close();
  });
});

describe('another tab changes the schema', () => {
  it('closes this connection and calls onVersionChange when another tab upgrades', async () => {
    const onVersionChange = vi.fn();
    const { db, reopen } = openFakeDatabase({ onVersionChange });
    unwrap(await createSession(db, { title: 'kept' }));

    const newerTab = reopen({ versions: [...SCHEMA_VERSIONS, hypotheticalV2] });
    await newerTab.open();

    expect(onVersionChange).toHaveBeenCalledTimes(1);
    expect(db.isOpen()).toBe(false);
    // Old code does not reopen the new schema by itself: it reports the closed database.
    expect(await createSession(db)).toMatchObject({ ok: false, error: { kind: 'closed' } });
    expect(unwrap(await listSessions(newerTab)).map((session) => session.title)).toEqual(['kept (upgraded)']);
    newerTab.close();
  });

  it('calls onBlocked while an old connection holds the database open, then opens once it closes', async () => {
    const { db, indexedDB, reopen } = openFakeDatabase();
    await db.open();
    db.close();
    // A tab with old code that ignores versionchange (a raw connection at today's native version; Dexie multiplies by 10).
    const stubborn = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(db.name, db.verno * 10);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const onBlocked = vi.fn();
    const newer = reopen({ versions: [...SCHEMA_VERSIONS, hypotheticalV2], onBlocked });
    const opening = newer.open();
    await vi.waitFor(() => expect(onBlocked).toHaveBeenCalled());
    stubborn.close();
    await opening;
    expect(newer.isOpen()).toBe(true);
    newer.close();
  });
});

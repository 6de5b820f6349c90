import { describe, expect, it } from 'vitest';
import { textContent } from '../shared/content';
import { createCheckpoint } from './checkpoints';
import { putFile } from './files';
import { createHistoryWriter } from './history';
import { addRoundTrip, countRoundTrips } from './round-trips';
import {
  createSession,
  getSession,
  listSessions,
  removeSession,
  renameSession,
  setSessionApprovalMode,
  touchSession,
} from './sessions';
import { openFakeDatabase, steppingClock, unwrap } from './testing/fake-database';

describe('sessions', () => {
  it('creates a session titled "New session" at revision 0', async () => {
    const { db } = openFakeDatabase({ now: steppingClock() });
    const session = unwrap(await createSession(db));
    expect(session).toMatchObject({ title: 'Untitled session', origin: 'local' });
    expect(await db.heads.get(session.id)).toEqual({ sessionId: session.id, revision: 0 });
    expect(session.approvalMode).toBeUndefined();
    expect(unwrap(await getSession(db, session.id))).toEqual(session);
    expect(unwrap(await getSession(db, 'missing'))).toBeNull();
  });

  it('opens shared and imported sessions in "ask" whatever mode they carry', async () => {
    const { db } = openFakeDatabase();
    const shared = unwrap(await createSession(db, { origin: 'shared', approvalMode: 'allow-all' }));
    const imported = unwrap(await createSession(db, { origin: 'imported' }));
    const local = unwrap(await createSession(db, { approvalMode: 'auto-edit' }));
    expect([shared.approvalMode, imported.approvalMode, local.approvalMode]).toEqual(['ask', 'ask', 'auto-edit']);
  });

  it('lists newest first, and touch or rename moves a session to the top', async () => {
    const { db } = openFakeDatabase({ now: steppingClock() });
    const first = unwrap(await createSession(db, { title: 'first' }));
    const second = unwrap(await createSession(db, { title: 'second' }));
    expect(unwrap(await listSessions(db)).map((session) => session.title)).toEqual(['second', 'first']);

    unwrap(await touchSession(db, first.id));
    expect(unwrap(await listSessions(db)).map((session) => session.id)).toEqual([first.id, second.id]);

    unwrap(await renameSession(db, second.id, '  renamed  '));
    const sessions = unwrap(await listSessions(db));
    expect(sessions.map((session) => session.title)).toEqual(['renamed', 'first']);

    unwrap(await renameSession(db, second.id, '   '));
    expect(unwrap(await getSession(db, second.id))?.title).toBe('Untitled session');
  });

  it('reports not-found when renaming, touching or setting the mode of a missing session', async () => {
    const { db } = openFakeDatabase();
    expect(await renameSession(db, 'nope', 'x')).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(await touchSession(db, 'nope')).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(await setSessionApprovalMode(db, 'nope', 'plan')).toMatchObject({ ok: false, error: { kind: 'not-found' } });
  });

  it('stores a per-session approval mode', async () => {
    const { db } = openFakeDatabase();
    const session = unwrap(await createSession(db));
    unwrap(await setSessionApprovalMode(db, session.id, 'plan'));
    expect(unwrap(await getSession(db, session.id))?.approvalMode).toBe('plan');
  });

  it('removes a session with its history, round-trips, files and checkpoints, leaving others intact', async () => {
    const { db } = openFakeDatabase({ now: steppingClock() });
    const doomed = unwrap(await createSession(db, { title: 'doomed' }));
    const kept = unwrap(await createSession(db, { title: 'kept' }));
    for (const session of [doomed, kept]) {
      const writer = createHistoryWriter(db, session.id);
      unwrap(await writer.load());
      unwrap(await writer.commit([textContent('user', 'hi'), textContent('model', 'hello')]));
      unwrap(
        await addRoundTrip(db, session.id, {
          id: `${session.id}-rt`,
          interactionId: 'i1',
          startedAt: 5,
          request: { model: 'm', contents: [] },
          response: [],
        }),
      );
      unwrap(await putFile(db, session.id, { path: 'src/a.ts', content: 'a' }));
      unwrap(await createCheckpoint(db, { sessionId: session.id, label: 'before edit', files: [] }));
    }

    unwrap(await removeSession(db, doomed.id));

    expect(unwrap(await getSession(db, doomed.id))).toBeNull();
    const remaining = async (sessionId: string) => ({
      history: (await db.history.toArray()).filter((record) => record.sessionId === sessionId).length,
      roundTrips: unwrap(await countRoundTrips(db, sessionId)),
      files: (await db.files.toArray()).filter((record) => record.sessionId === sessionId).length,
      checkpoints: (await db.checkpoints.toArray()).filter((record) => record.sessionId === sessionId).length,
    });
    expect(await remaining(doomed.id)).toEqual({ history: 0, roundTrips: 0, files: 0, checkpoints: 0 });
    expect(await remaining(kept.id)).toEqual({ history: 2, roundTrips: 1, files: 1, checkpoints: 1 });
    expect(unwrap(await listSessions(db)).map((session) => session.title)).toEqual(['kept']);
    // Removing twice is harmless.
    expect((await removeSession(db, doomed.id)).ok).toBe(true);
  });
});

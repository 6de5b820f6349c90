import { describe, expect, it } from 'vitest';
import { textContent } from '../shared/content';
import { createHistoryWriter, loadHistory } from './history';
import { createSession, removeSession } from './sessions';
import { openFakeDatabase, unwrap } from './testing/fake-database';

describe('two writers on one session', () => {
  it('gives the second writer a conflict instead of overwriting the first', async () => {
    const { db, reopen } = openFakeDatabase();
    const otherTab = reopen();
    const session = unwrap(await createSession(db));
    const first = createHistoryWriter(db, session.id);
    const second = createHistoryWriter(otherTab, session.id);
    unwrap(await first.load());
    unwrap(await second.load());

    const firstHistory = [textContent('user', 'from tab one')];
    unwrap(await first.commit(firstHistory));
    const conflicted = await second.commit([textContent('user', 'from tab two')]);

    expect(conflicted).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    expect(unwrap(await loadHistory(db, session.id))).toEqual({ history: firstHistory, revision: 1 });

    // After reloading, the second writer continues from the first one's history.
    expect(unwrap(await second.load())).toEqual(firstHistory);
    const continued = [...firstHistory, textContent('model', 'reply in tab two')];
    unwrap(await second.commit(continued));
    expect(unwrap(await loadHistory(db, session.id))).toEqual({ history: continued, revision: 2 });
    expect(await first.commit([...firstHistory, textContent('model', 'late')])).toMatchObject({
      ok: false,
      error: { kind: 'conflict' },
    });
    otherTab.close();
  });

  it('keeps commits of one writer in order when they are not awaited one by one', async () => {
    const { db } = openFakeDatabase();
    const session = unwrap(await createSession(db));
    const writer = createHistoryWriter(db, session.id);
    const loading = writer.load();
    const one = [textContent('user', '1')];
    const two = [...one, textContent('model', '2')];
    const results = await Promise.all([loading, writer.commit(one), writer.commit(two)]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(unwrap(await loadHistory(db, session.id))).toEqual({ history: two, revision: 2 });
  });

  it('writes nothing when the session was deleted meanwhile, and says it is gone', async () => {
    const { db } = openFakeDatabase();
    const session = unwrap(await createSession(db));
    const writer = createHistoryWriter(db, session.id);
    unwrap(await writer.load());
    unwrap(await removeSession(db, session.id));
    expect(await writer.commit([textContent('user', 'too late')])).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(await db.heads.get(session.id)).toBeUndefined();
    expect(await db.history.where('[sessionId+seq]').between([session.id, 0], [session.id, Infinity]).count()).toBe(0);
  });
});

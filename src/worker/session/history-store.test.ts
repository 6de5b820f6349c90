import { describe, expect, it } from 'vitest';
import type { RoundTrip } from '../../agent/types';
import { textContent } from '../../shared/content';
import type { Content } from '../../shared/content';
import { createHistoryWriter, loadHistory } from '../../store/history';
import { listRoundTrips } from '../../store/round-trips';
import { createSession } from '../../store/sessions';
import { openFakeDatabase, unwrap } from '../../store/testing/fake-database';
import { quotaExceeded, spyOnWrites } from '../../store/testing/idb-spy';
import { historyStore } from './history-store';
import { createInspectorNotes } from './inspector-notes';

async function setUp() {
  const { db } = openFakeDatabase();
  const session = unwrap(await createSession(db));
  const writer = createHistoryWriter(db, session.id);
  unwrap(await writer.load());
  // The history commit's transactions, opened on the connection Dexie holds (history-write.ts).
  const transactions: string[][] = [];
  const idb = db.backendDB();
  const transaction = idb.transaction.bind(idb);
  idb.transaction = ((stores: string | string[], mode?: IDBTransactionMode) => {
    if (mode === 'readwrite') transactions.push([stores].flat());
    return transaction(stores, mode);
  }) as typeof idb.transaction;
  const store = historyStore(db, session.id, writer, () => undefined, createInspectorNotes());
  const stored = async () => unwrap(await loadHistory(db, session.id)).history;
  return { db, store, stored, transactions };
}

const [question, calls, results, answer] = [textContent('user', 'q'), textContent('model', 'calls'), textContent('user', 'results'), textContent('model', 'a')] as [Content, Content, Content, Content];

describe('the worker history store', () => {
  it('writes a history committed withNext together with the next commit, in one transaction', async () => {
    const { store, stored, transactions } = await setUp();
    unwrap(await store.commit([question]));
    transactions.length = 0;
    unwrap(await store.commit([question, calls], { withNext: true }));
    expect(await stored()).toEqual([question]);
    expect(transactions).toHaveLength(0);
    unwrap(await store.commit([question, calls, results]));
    expect(await stored()).toEqual([question, calls, results]);
    expect(transactions).toHaveLength(1);
  });

  it('writes a kept history before anything waits (writeHeld) and when the run ends (flush)', async () => {
    const { store, stored } = await setUp();
    unwrap(await store.commit([question, calls], { withNext: true }));
    unwrap(await store.writeHeld());
    expect(await stored()).toEqual([question, calls]);

    unwrap(await store.commit([question, calls, results]));
    unwrap(await store.commit([question, calls, results, answer], { withNext: true }));
    await store.flush();
    expect(await stored()).toEqual([question, calls, results, answer]);
  });

  it('keeps a kept history when the commit that carries it is refused, and writes it later', async () => {
    const { store, stored } = await setUp();
    unwrap(await store.commit([question, calls], { withNext: true }));
    const stop = spyOnWrites(() => {
      throw quotaExceeded();
    }, 'history');
    const refused = await store.commit([question, calls, results]);
    stop();
    expect(refused).toMatchObject({ ok: false, error: { kind: 'storage-full' } });
    expect(await stored()).toEqual([]);
    await store.flush();
    expect(await stored()).toEqual([question, calls]);
  });

  it('writes nothing when nothing is kept', async () => {
    const { store, stored, transactions } = await setUp();
    unwrap(await store.writeHeld());
    await store.flush();
    expect(transactions).toHaveLength(0);
    expect(await stored()).toEqual([]);
  });

  it('writes the round-trip records handed over before anything waits on the person (writeHeld)', async () => {
    const { store, db } = await setUp();
    const roundTrip: RoundTrip = { id: 'r1', interactionId: 'i', startedAt: 1, endedAt: 2, request: { model: 'm', contents: [question] }, response: [] };
    await store.recordRoundTrip(roundTrip);
    unwrap(await store.writeHeld());
    expect(unwrap(await listRoundTrips(db, (await db.sessions.toArray())[0]!.id))).toHaveLength(1);
  });
});

import { IDBDatabase as FakeIdbDatabase } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoundTrip } from '../../agent/types';
import { textContent } from '../../shared/content';
import type { Content } from '../../shared/content';
import { createHistoryWriter, loadHistory } from '../../store/history';
import { listRoundTrips } from '../../store/round-trips';
import { createSession } from '../../store/sessions';
import { openFakeDatabase, unwrap } from '../../store/testing/fake-database';
import { quotaExceeded, spyOnWrites } from '../../store/testing/idb-spy';
import { RECORD_DELAY_MS, historyStore } from './history-store';
import { createInspectorNotes } from './inspector-notes';
import type { InspectorNotes } from './inspector-notes';
import type { RoundTripNotes } from '../../store/types';

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

  describe('round-trip records, behind the loop', () => {
    afterEach(() => vi.restoreAllMocks());

    /** Counts the read-write transactions on the round-trips table, Dexie's included (it binds `transaction` when it opens). */
    async function setUpCounted(notesOf: (id: string) => RoundTripNotes | undefined = () => undefined) {
      const original = FakeIdbDatabase.prototype.transaction;
      const recordWrites: string[][] = [];
      vi.spyOn(FakeIdbDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, stores: string | string[], mode?: IDBTransactionMode, options?: IDBTransactionOptions) {
        const names = [stores].flat();
        if (mode === 'readwrite' && names.includes('roundTrips')) recordWrites.push(names);
        return original.call(this, stores, mode, options);
      } as typeof original);
      const { db } = openFakeDatabase();
      const session = unwrap(await createSession(db));
      const writer = createHistoryWriter(db, session.id);
      unwrap(await writer.load());
      const notes: InspectorNotes = { observe: () => [], notesOf };
      const store = historyStore(db, session.id, writer, () => undefined, notes);
      const records = async () => unwrap(await listRoundTrips(db, session.id));
      return { store, records, recordWrites };
    }
    const trip = (id: string, at: number): RoundTrip => ({ id, interactionId: 'i', startedAt: at, endedAt: at + 1, request: { model: 'm', contents: [question] }, response: [] });

    it('writes the records of a loop that does not wait on the model together, in one transaction, within RECORD_DELAY_MS', async () => {
      const { store, records, recordWrites } = await setUpCounted();
      for (const [index, id] of ['r1', 'r2', 'r3'].entries()) {
        await store.recordRoundTrip(trip(id, index));
        unwrap(await store.commit([question, calls, results].slice(0, index + 1)));
      }
      expect(await records()).toEqual([]);
      await vi.waitFor(async () => expect((await records()).map((record) => record.id)).toEqual(['r1', 'r2', 'r3']), { timeout: RECORD_DELAY_MS * 10, interval: 5 });
      expect(recordWrites).toHaveLength(1);
    });

    it("a change of a record's notes that waits with it goes in with the record, in the same write", async () => {
      const toolCalls: NonNullable<RoundTripNotes['toolCalls']> = [];
      const current: RoundTripNotes = { toolCalls, events: [] };
      const { store, records, recordWrites } = await setUpCounted((id) => (id === 'r1' ? current : undefined));
      await store.recordRoundTrip(trip('r1', 1));
      toolCalls.push({ callId: 'c1', name: 'read_file', summary: 'a.txt', steps: [{ status: 'success', at: 5 }] });
      store.notesChanged(['r1']);
      await store.flush();
      expect((await records())[0]?.notes).toEqual(current);
      expect(recordWrites).toHaveLength(1);
    });
  });
});

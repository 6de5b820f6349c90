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
import { historyStore } from './history-store';
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
    async function setUpCounted({ recordDelayMs, notesOf = () => undefined }: { recordDelayMs: number; notesOf?: (id: string) => RoundTripNotes | undefined }) {
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
      const reports: string[] = [];
      const store = historyStore(db, session.id, writer, (message) => reports.push(message), notes, { recordDelayMs });
      const records = async () => unwrap(await listRoundTrips(db, session.id));
      return { store, records, recordWrites, reports };
    }
    const trip = (id: string, at: number): RoundTrip => ({ id, interactionId: 'i', startedAt: at, endedAt: at + 1, request: { model: 'm', contents: [question] }, response: [] });
    /** Fails the test when `promise` takes longer than a wait that is never over would allow. */
    const soon = <T>(promise: Promise<T>) => Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still waiting')), 2_000))]);

    it('writes the records of a loop that does not wait on the model together, in one transaction, none before the wait is over', async () => {
      const { store, records, recordWrites } = await setUpCounted({ recordDelayMs: 60_000 });
      for (const [index, id] of ['r1', 'r2', 'r3'].entries()) {
        await store.recordRoundTrip(trip(id, index));
        unwrap(await store.commit([question, calls, results].slice(0, index + 1)));
      }
      expect(await records()).toEqual([]);
      await soon(store.flush());
      expect((await records()).map((record) => record.id)).toEqual(['r1', 'r2', 'r3']);
      expect(recordWrites).toHaveLength(1);
    });

    it('writes them by itself once the wait is over, with nothing waiting on them', async () => {
      const { store, records } = await setUpCounted({ recordDelayMs: 20 });
      await store.recordRoundTrip(trip('r1', 1));
      await vi.waitFor(async () => expect((await records()).map((record) => record.id)).toEqual(['r1']), { timeout: 5_000, interval: 10 });
    });

    it('writes them at once when something waits on the person (writeHeld), without waiting out the delay', async () => {
      const { store, records } = await setUpCounted({ recordDelayMs: 60_000 });
      await store.recordRoundTrip(trip('r1', 1));
      unwrap(await soon(store.writeHeld()));
      expect((await records()).map((record) => record.id)).toEqual(['r1']);
    });

    it("a change of a record's notes that waits with it goes in with the record, in the same write", async () => {
      const toolCalls: NonNullable<RoundTripNotes['toolCalls']> = [];
      const current: RoundTripNotes = { toolCalls, events: [] };
      const { store, records, recordWrites } = await setUpCounted({ recordDelayMs: 60_000, notesOf: (id) => (id === 'r1' ? current : undefined) });
      await store.recordRoundTrip(trip('r1', 1));
      toolCalls.push({ callId: 'c1', name: 'read_file', summary: 'a.txt', steps: [{ status: 'success', at: 5 }] });
      store.notesChanged(['r1']);
      await soon(store.flush());
      expect((await records())[0]?.notes).toEqual(current);
      expect(recordWrites).toHaveLength(1);
    });

    it('a write that throws is reported once, and the records after it are still written', async () => {
      let broken = true;
      const { store, records, reports } = await setUpCounted({
        recordDelayMs: 60_000,
        notesOf: () => {
          if (broken) throw new Error('notes unreadable');
          return undefined;
        },
      });
      await store.recordRoundTrip(trip('r1', 1));
      await soon(store.flush());
      broken = false;
      await store.recordRoundTrip(trip('r2', 2));
      await soon(store.flush());
      expect((await records()).map((record) => record.id)).toEqual(['r2']);
      expect(reports).toEqual(['A model round-trip could not be saved for the Loop inspector: notes unreadable']);
    });
  });
});

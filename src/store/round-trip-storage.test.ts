import { describe, expect, it } from 'vitest';
import type { RoundTrip } from '../agent/types';
import type { FunctionDeclaration } from '../model/types';
import type { Content } from '../shared/content';
import { addRoundTrip, addRoundTrips, listRoundTrips } from './round-trips';
import { quotaExceeded, spyOnWrites } from './testing/idb-spy';
import { openFakeDatabase, unwrap } from './testing/fake-database';

const user = (text: string): Content => ({ role: 'user', parts: [{ text }] });
const model = (text: string): Content => ({ role: 'model', parts: [{ text }] });

function roundTrip(id: string, startedAt: number, contents: Content[]): RoundTrip {
  return { id, interactionId: 'i1', startedAt, endedAt: startedAt + 1, request: { model: 'm', contents }, response: [{ n: id }] };
}

describe('round-trip storage', () => {
  it('stores only what each request adds, and reads every request back whole', async () => {
    const { db } = openFakeDatabase();
    const history: Content[] = [];
    const sent: RoundTrip[] = [];
    for (let index = 0; index < 30; index++) {
      history.push(user(`q${index}`));
      const trip = roundTrip(`r${index}`, 1000 + index, [...history]);
      sent.push(trip);
      unwrap(await addRoundTrip(db, 's1', trip));
      history.push(model(`a${index}`));
    }
    const stored = await db.roundTrips.toArray();
    const storedContents = stored.reduce((sum, record) => sum + record.request.contents.length, 0);
    // Whole requests would hold 1 + 3 + 5 + … = 900 contents; shared prefixes leave 2 per request (59).
    expect(storedContents).toBeLessThan(60);
    const read = unwrap(await listRoundTrips(db, 's1'));
    expect(read.map((record) => record.request.contents)).toEqual(sent.map((trip) => trip.request.contents));
    expect(read.every((record) => !('contentsPrefix' in record))).toBe(true);
  });

  it('stores the system instruction and tools once while they stay the same, and reads every request back whole', async () => {
    const { db } = openFakeDatabase();
    const tools: FunctionDeclaration[] = [{ name: 'read_file', description: 'Reads a file.', parametersJsonSchema: { type: 'object', properties: { file_path: { type: 'string' } } } }];
    const withPreamble = (id: string, at: number, contents: Content[], systemInstruction: string): RoundTrip => ({
      ...roundTrip(id, at, contents),
      request: { model: 'm', contents, systemInstruction, tools: structuredClone(tools) },
    });
    const sent = [
      withPreamble('r1', 1, [user('a')], 'You are helpful.'),
      withPreamble('r2', 2, [user('a'), model('b'), user('c')], 'You are helpful.'),
      withPreamble('r3', 3, [user('a'), model('b'), user('c'), model('d'), user('e')], 'You are helpful.'),
      // The instruction changed (a project instructions file appeared): stored whole again.
      withPreamble('r4', 4, [user('a'), model('b'), user('c'), model('d'), user('e'), model('f'), user('g')], 'You are helpful. Follow AGENTS.md.'),
      withPreamble('r5', 5, [user('a'), model('b'), user('c'), model('d'), user('e'), model('f'), user('g'), model('h'), user('i')], 'You are helpful. Follow AGENTS.md.'),
    ];
    for (const trip of sent) unwrap(await addRoundTrip(db, 's1', trip));
    const stored = await db.roundTrips.orderBy('id').toArray();
    expect(stored.map((record) => [record.id, 'tools' in record.request, 'systemInstruction' in record.request, record.preambleFrom])).toEqual([
      ['r1', true, true, undefined],
      ['r2', false, false, 'r1'],
      ['r3', false, false, 'r2'],
      ['r4', true, true, undefined],
      ['r5', false, false, 'r4'],
    ]);
    const read = unwrap(await listRoundTrips(db, 's1'));
    expect(read.map((record) => record.request)).toEqual(sent.map((trip) => trip.request));
    expect(read.every((record) => !('preambleFrom' in record))).toBe(true);
  });

  it('stores a request whole when it shares nothing (after compression) and when the writer is new', async () => {
    const { db, reopen } = openFakeDatabase();
    unwrap(await addRoundTrip(db, 's1', roundTrip('r1', 1, [user('a'), model('b'), user('c')])));
    unwrap(await addRoundTrip(db, 's1', roundTrip('r2', 2, [user('summary'), model('ok'), user('c')])));
    const second = reopen();
    unwrap(await addRoundTrip(second, 's1', roundTrip('r3', 3, [user('summary'), model('ok'), user('c'), model('d'), user('e')])));
    const stored = await second.roundTrips.toArray();
    expect(stored.map((record) => record.request.contents.length)).toEqual([3, 3, 5]);
    const read = unwrap(await listRoundTrips(second, 's1'));
    expect(read.map((record) => record.request.contents.length)).toEqual([3, 3, 5]);
  });

  it('replacing a round-trip (same id) keeps it whole and readable', async () => {
    const { db } = openFakeDatabase();
    const contents = [user('a')];
    unwrap(await addRoundTrip(db, 's1', roundTrip('r1', 1, contents)));
    unwrap(await addRoundTrip(db, 's1', { ...roundTrip('r1', 1, contents), response: [{ final: true }] }));
    const read = unwrap(await listRoundTrips(db, 's1'));
    expect(read).toHaveLength(1);
    expect(read[0]?.request.contents).toEqual(contents);
    expect(read[0]?.response).toEqual([{ final: true }]);
  });

  it('stores round-trips written together each against the one before it, and reads them back whole', async () => {
    const { db } = openFakeDatabase();
    const first = roundTrip('r1', 1, [user('a')]);
    unwrap(await addRoundTrip(db, 's1', first));
    const batch = [roundTrip('r2', 2, [user('a'), model('b'), user('c')]), roundTrip('r3', 3, [user('a'), model('b'), user('c'), model('d'), user('e')])];
    unwrap(await addRoundTrips(db, 's1', batch.map((trip) => ({ roundTrip: trip, notes: { toolCalls: [], events: [] } }))));
    const stored = await db.roundTrips.orderBy('id').toArray();
    expect(stored.map((record) => [record.id, record.contentsPrefix, record.request.contents.length])).toEqual([
      ['r1', undefined, 1],
      ['r2', { roundTripId: 'r1', length: 1 }, 2],
      ['r3', { roundTripId: 'r2', length: 3 }, 2],
    ]);
    const read = unwrap(await listRoundTrips(db, 's1'));
    expect(read.map((record) => record.request.contents)).toEqual([first, ...batch].map((trip) => trip.request.contents));
    expect(read.slice(1).map((record) => record.notes)).toEqual([
      { toolCalls: [], events: [] },
      { toolCalls: [], events: [] },
    ]);
  });

  it('a refused batch is stored not at all and is not the base of the next one: the next round-trip refers only to what is stored', async () => {
    const { db } = openFakeDatabase();
    unwrap(await addRoundTrip(db, 's1', roundTrip('r1', 1, [user('a')])));
    const stop = spyOnWrites(() => {
      throw quotaExceeded();
    }, 'roundTrips');
    const refused = await addRoundTrips(db, 's1', [{ roundTrip: roundTrip('r2', 2, [user('a'), model('b'), user('c')]) }]);
    stop();
    expect(refused.ok).toBe(false);
    // A batch is written whole or not at all: the second record refused, the first is not kept either.
    let puts = 0;
    const stopSecond = spyOnWrites(() => {
      if (++puts === 2) throw quotaExceeded();
    }, 'roundTrips');
    const batch = [roundTrip('r2', 2, [user('a'), model('b'), user('c')]), roundTrip('r2b', 3, [user('a'), model('b'), user('c'), model('x'), user('y')])];
    const refusedBatch = await addRoundTrips(db, 's1', batch.map((trip) => ({ roundTrip: trip })));
    stopSecond();
    expect(refusedBatch.ok).toBe(false);
    unwrap(await addRoundTrip(db, 's1', roundTrip('r3', 3, [user('a'), model('b'), user('c'), model('d'), user('e')])));
    const read = unwrap(await listRoundTrips(db, 's1'));
    expect(read.map((record) => [record.id, record.request.contents.length])).toEqual([
      ['r1', 1],
      ['r3', 5],
    ]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Content, Part } from '../shared/content';
import { createHistoryWriter, loadHistory } from './history';
import { createSession } from './sessions';
import { openFakeDatabase, unwrap } from './testing/fake-database';

const jsonRecord = fc.dictionary(
  fc.string({ maxLength: 6 }).filter((key) => key !== '__proto__'),
  fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null)),
  { maxKeys: 3 },
);

const part: fc.Arbitrary<Part> = fc.oneof(
  fc.record({ text: fc.string({ maxLength: 12 }) }),
  fc.record({ text: fc.string({ maxLength: 12 }), thoughtSignature: fc.string({ maxLength: 8 }) }),
  fc.record({ functionCall: fc.record({ id: fc.string({ maxLength: 6 }), name: fc.string({ maxLength: 6 }), args: jsonRecord }) }),
  fc.record({
    functionResponse: fc.record({ id: fc.string({ maxLength: 6 }), name: fc.string({ maxLength: 6 }), response: jsonRecord }),
  }),
);

const content: fc.Arbitrary<Content> = fc.record({
  role: fc.constantFrom<Content['role']>('user', 'model'),
  parts: fc.array(part, { maxLength: 3 }),
});

/** Edits the agent makes to its history: append, truncate, replace a middle entry, clone entries. */
type Edit =
  | { type: 'append'; items: Content[] }
  | { type: 'truncate'; fraction: number }
  | { type: 'replace'; fraction: number; item: Content }
  | { type: 'clone-all' }
  | { type: 'replace-all'; items: Content[] };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ type: fc.constant('append' as const), items: fc.array(content, { minLength: 1, maxLength: 4 }) }),
  fc.record({ type: fc.constant('truncate' as const), fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ type: fc.constant('replace' as const), fraction: fc.double({ min: 0, max: 1, noNaN: true }), item: content }),
  fc.record({ type: fc.constant('clone-all' as const) }),
  fc.record({ type: fc.constant('replace-all' as const), items: fc.array(content, { maxLength: 5 }) }),
);

function apply(history: readonly Content[], change: Edit): Content[] {
  switch (change.type) {
    case 'append':
      return [...history, ...change.items];
    case 'truncate':
      return history.slice(0, Math.floor(history.length * change.fraction));
    case 'replace': {
      if (history.length === 0) return [change.item];
      const index = Math.min(history.length - 1, Math.floor(history.length * change.fraction));
      return history.map((entry, at) => (at === index ? change.item : entry));
    }
    case 'clone-all':
      return history.map((entry) => structuredClone(entry));
    case 'replace-all':
      return change.items;
  }
}

describe('history commit', () => {
  it('stores exactly the in-memory history after every edit, for random edit sequences', async () => {
    const { db, reopen } = openFakeDatabase();
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 8 }), async (edits) => {
        const session = unwrap(await createSession(db));
        const writer = createHistoryWriter(db, session.id);
        expect(unwrap(await writer.load())).toEqual([]);
        let history: Content[] = [];
        for (const change of edits) {
          history = apply(history, change);
          unwrap(await writer.commit(history));
          expect(unwrap(await loadHistory(db, session.id)).history).toEqual(history);
        }
        const stored = (await db.history.toArray()).filter((record) => record.sessionId === session.id);
        expect(stored.map((record) => record.seq)).toEqual(history.map((_, index) => index));
        // A fresh connection (a reloaded tab) reads the same history.
        const other = reopen();
        expect(unwrap(await createHistoryWriter(other, session.id).load())).toEqual(history);
        other.close();
      }),
      { numRuns: 60 },
    );
  });

  it('commits nothing and keeps the revision when the history did not change', async () => {
    const { db } = openFakeDatabase();
    const session = unwrap(await createSession(db));
    const writer = createHistoryWriter(db, session.id);
    unwrap(await writer.load());
    const history: Content[] = [{ role: 'user', parts: [{ text: 'hi' }] }];
    unwrap(await writer.commit(history));
    expect(writer.revision()).toBe(1);
    unwrap(await writer.commit(structuredClone(history)));
    expect(writer.revision()).toBe(1);
  });

  it('leaves the sessions table alone, so the Sessions list does not re-read it after every commit', async () => {
    const { db } = openFakeDatabase();
    const session = unwrap(await createSession(db));
    const writer = createHistoryWriter(db, session.id);
    unwrap(await writer.load());
    const sessionWrites: string[] = [];
    db.sessions.hook('updating', (_changes, key) => void sessionWrites.push(String(key)));
    db.sessions.hook('creating', (key) => void sessionWrites.push(String(key)));
    unwrap(await writer.commit([{ role: 'user', parts: [{ text: 'hi' }] }]));
    unwrap(await writer.commit([{ role: 'user', parts: [{ text: 'hi' }] }, { role: 'model', parts: [{ text: 'hello' }] }]));
    expect(sessionWrites).toEqual([]);
    expect(await db.heads.get(session.id)).toEqual({ sessionId: session.id, revision: 2 });
  });

  it('treats a commit before load as a bug', async () => {
    const { db } = openFakeDatabase();
    const session = unwrap(await createSession(db));
    await expect(createHistoryWriter(db, session.id).commit([])).rejects.toThrow(/before load/);
  });

  it('reports not-found for a session that was removed', async () => {
    const { db } = openFakeDatabase();
    expect(await createHistoryWriter(db, 'missing').load()).toMatchObject({ ok: false, error: { kind: 'not-found' } });
  });
});

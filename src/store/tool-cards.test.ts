import { describe, expect, it } from 'vitest';
import type { Content } from '../shared/content';
import { createHistoryWriter } from './history';
import { resetSession } from './shared-sessions';
import { createSession, removeSession } from './sessions';
import { openFakeDatabase, unwrap } from './testing/fake-database';
import { queryToolCards } from './tool-cards';

const asked: Content[] = [
  { role: 'user', parts: [{ text: 'find the text files' }] },
  { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'glob', args: { pattern: '*.txt', dir_path: 'src' } } }] },
];
const answered: Content[] = [...asked, { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'glob', response: { output: 'src/a.txt' } } }] }];

describe('tool cards kept as data', () => {
  it('stores a finished call’s card with the commit that holds its result, not before', async () => {
    const { db } = openFakeDatabase();
    const session = unwrap(await createSession(db));
    const writer = createHistoryWriter(db, session.id);
    unwrap(await writer.load());
    unwrap(await writer.commit(asked));
    writer.noteCard('c1', { summary: '*.txt in src', status: 'success' });
    unwrap(await writer.commit(asked.slice(0, 1)));
    expect(await db.toolCards.count()).toBe(0);

    unwrap(await writer.commit(answered));
    expect(await queryToolCards(db, session.id, answered)).toEqual({ c1: { summary: '*.txt in src', status: 'success' } });
  });

  it('keeps a call’s card when a later commit rewrites the entry that holds its result (compression)', async () => {
    const { db } = openFakeDatabase();
    const session = unwrap(await createSession(db));
    const writer = createHistoryWriter(db, session.id);
    unwrap(await writer.load());
    writer.noteCard('c1', { summary: '*.txt in src', status: 'error' });
    unwrap(await writer.commit(answered));
    const compressed: Content[] = [{ role: 'user', parts: [{ text: 'summary' }] }, ...answered.slice(1)];
    unwrap(await writer.commit(compressed));
    expect(await queryToolCards(db, session.id, compressed)).toEqual({ c1: { summary: '*.txt in src', status: 'error' } });
  });

  it('reads the cards of many calls from the session’s range, and only those asked for', async () => {
    const { db } = openFakeDatabase();
    const session = unwrap(await createSession(db));
    const writer = createHistoryWriter(db, session.id);
    unwrap(await writer.load());
    const history: Content[] = [{ role: 'user', parts: [{ text: 'go' }] }];
    for (let index = 0; index < 250; index++) {
      history.push({ role: 'model', parts: [{ functionCall: { id: `c${index}`, name: 'read_file', args: { file_path: `f${index}` } } }] });
      history.push({ role: 'user', parts: [{ functionResponse: { id: `c${index}`, name: 'read_file', response: { output: '' } } }] });
      writer.noteCard(`c${index}`, { summary: `f${index}`, status: 'success' });
    }
    unwrap(await writer.commit(history));
    const cards = await queryToolCards(db, session.id, history.slice(0, 421));
    expect(Object.keys(cards)).toHaveLength(210);
    expect(cards.c209).toEqual({ summary: 'f209', status: 'success' });
    expect(cards.c210).toBeUndefined();
  });

  it('goes with its session when the session is deleted or reset for a replay', async () => {
    const { db } = openFakeDatabase();
    const [kept, removed, reset] = [unwrap(await createSession(db)), unwrap(await createSession(db)), unwrap(await createSession(db))];
    for (const session of [kept, removed, reset]) {
      const writer = createHistoryWriter(db, session.id);
      unwrap(await writer.load());
      writer.noteCard('c1', { summary: '*.txt in src', status: 'success' });
      unwrap(await writer.commit(answered));
    }
    unwrap(await removeSession(db, removed.id));
    unwrap(await resetSession(db, reset.id, { history: answered, files: [] }));
    expect((await db.toolCards.toArray()).map((card) => card.sessionId)).toEqual([kept.id]);
  });
});

import { describe, expect, it, onTestFinished } from 'vitest';
import { textContent } from '../shared/content';
import type { Content } from '../shared/content';
import { createHistoryWriter } from './history';
import { firstDifference } from './history-diff';
import { createSession } from './sessions';
import { openFakeDatabase, unwrap } from './testing/fake-database';
import { spyOnWrites } from './testing/idb-spy';

/** What reaches IndexedDB for the history table: the seqs put and deleted. */
function countHistoryWrites(): { puts: number[]; deletes: number[] } {
  const counts = { puts: [] as number[], deletes: [] as number[] };
  onTestFinished(
    spyOnWrites((write) => {
      if (write.type === 'put') counts.puts.push((write.value as { seq: number }).seq);
      else counts.deletes.push((write.value as [string, number])[1]);
    }, 'history'),
  );
  return counts;
}

describe('history commit writes only the changed suffix', () => {
  it('puts entries from the first difference and deletes beyond a shorter history', async () => {
    const { db } = openFakeDatabase();
    const counts = countHistoryWrites();
    const session = unwrap(await createSession(db));
    const writer = createHistoryWriter(db, session.id);
    unwrap(await writer.load());
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((text) => textContent('user', text)) as [Content, Content, Content, Content, Content];

    unwrap(await writer.commit([a, b, c, d]));
    expect(counts.puts).toEqual([0, 1, 2, 3]);

    counts.puts = [];
    unwrap(await writer.commit([a, b, c, d, e]));
    expect(counts.puts).toEqual([4]);

    counts.puts = [];
    unwrap(await writer.commit([a, b, textContent('model', 'X'), d, e]));
    expect(counts.puts).toEqual([2, 3, 4]);

    counts.puts = [];
    // Structurally equal copies are not rewritten.
    unwrap(await writer.commit([structuredClone(a), structuredClone(b), textContent('model', 'X'), d, e]));
    expect(counts.puts).toEqual([]);

    unwrap(await writer.commit([a, b]));
    expect(counts.puts).toEqual([]);
    expect(counts.deletes).toEqual([2, 3, 4]);
    expect((await db.history.toArray()).map((record) => record.seq)).toEqual([0, 1]);
  });
});

describe('firstDifference', () => {
  it('compares by reference, then by structure', () => {
    const a = textContent('user', 'a');
    expect(firstDifference([a], [a])).toBe(1);
    expect(firstDifference([a], [textContent('user', 'a')])).toBe(1);
    expect(firstDifference([a], [textContent('user', 'b')])).toBe(0);
    expect(firstDifference([a, a], [a])).toBe(1);
    expect(firstDifference([], [a])).toBe(0);
  });
});

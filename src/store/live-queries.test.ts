// Dexie's liveQuery runs only where a global indexedDB exists (as in any browser); the
// databases themselves still get their own injected factory.
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { describe, expect, it } from 'vitest';
import { putFile } from './files';
import { queryFileSummaries } from './queries';
import { openFakeDatabase, unwrap } from './testing/fake-database';

/** Collects what a live query (the engine behind read.ts hooks) emits. */
function watch<T>(querier: () => Promise<T>): { values: T[]; stop(): void } {
  const values: T[] = [];
  const subscription = liveQuery(querier).subscribe({ next: (value) => values.push(value) });
  return { values, stop: () => subscription.unsubscribe() };
}

describe('live queries behind the read hooks', () => {
  it('emit file summaries when a file is written', async () => {
    const { db } = openFakeDatabase();
    const watched = watch(() => queryFileSummaries(db, 's1'));
    await expect.poll(() => watched.values.length).toBe(1);
    unwrap(await putFile(db, 's1', { path: 'a.ts', content: 'abc' }));
    await expect.poll(() => watched.values.at(-1)).toEqual([{ path: 'a.ts', size: 3 }]);
    watched.stop();
  });
});

import { describe, expect, it } from 'vitest';
import { textContent } from '../shared/content';
import { STORAGE_FULL_MESSAGE, toStoreError } from './errors';
import { createHistoryWriter, loadHistory } from './history';
import { createSession } from './sessions';
import { openFakeDatabase, unwrap } from './testing/fake-database';
import { quotaExceeded, spyOnWrites } from './testing/idb-spy';

/** What Chromium gives when the disk is full: Dexie's AbortError wrapping a QuotaExceededError. */
function quotaAbort(): Error {
  const inner = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  return Object.assign(new Error('Transaction aborted'), { name: 'AbortError', inner });
}

describe('storage full', () => {
  it('maps every shape of a quota failure to storage-full, and other failures to storage', () => {
    expect(toStoreError(quotaAbort())).toMatchObject({ kind: 'storage-full', message: STORAGE_FULL_MESSAGE });
    expect(toStoreError(new DOMException('full', 'QuotaExceededError')).kind).toBe('storage-full');
    expect(toStoreError({ name: 'BulkError', message: 'bulk', failures: [quotaAbort()] }).kind).toBe('storage-full');
    expect(toStoreError(Object.assign(new Error('closed'), { name: 'DatabaseClosedError' })).kind).toBe('closed');
    expect(toStoreError(Object.assign(new Error('Transaction aborted'), { name: 'AbortError' }))).toEqual({
      kind: 'storage',
      message: 'Transaction aborted',
    });
    expect(STORAGE_FULL_MESSAGE).toMatch(/^Browser storage is full.*free space.*nothing already saved was lost\.$/);
  });

  it('fails a commit with storage-full, keeps what was saved, and commits once space is free', async () => {
    const { db } = openFakeDatabase();
    const session = unwrap(await createSession(db));
    const writer = createHistoryWriter(db, session.id);
    unwrap(await writer.load());
    const saved = [textContent('user', 'one'), textContent('model', 'two')];
    unwrap(await writer.commit(saved));

    let full = true;
    const stop = spyOnWrites(() => {
      if (full) throw quotaExceeded();
    }, 'history');
    const next = [...saved, textContent('user', 'three'), textContent('model', 'four')];
    const failed = await writer.commit(next);

    expect(failed).toMatchObject({ ok: false, error: { kind: 'storage-full', message: STORAGE_FULL_MESSAGE } });
    expect(unwrap(await loadHistory(db, session.id))).toEqual({ history: saved, revision: 1 });

    full = false;
    unwrap(await writer.commit(next));
    stop();
    expect(unwrap(await loadHistory(db, session.id))).toEqual({ history: next, revision: 2 });
  });
});

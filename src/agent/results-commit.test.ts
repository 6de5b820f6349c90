/**
 * A tool batch's results are committed before anything else happens (K2, K4); the next request
 * is built while they are written, and sent only once they are stored.
 */
import { describe, expect, it } from 'vitest';
import type { Content } from '../shared/content';
import type { Result } from '../shared/errors';
import { createDeferred } from './testing/deferred';
import { FC, reply } from './testing/fake-model';
import { createHarness, waitUntil } from './testing/harness';
import type { CommitOptions } from './types';

const holdsResults = (history: readonly Content[]) => history.at(-1)?.parts.some((part) => part.functionResponse) === true;

// The real adapters await the commit just before the request leaves (gatesSend); a model that
// does not gate is awaited by the chat first. Both must hold the same rules.
describe.each([
  { how: 'held by the adapter', modelGatesSend: true },
  { how: 'awaited by the chat first', modelGatesSend: false },
])('the commit of a batch\'s results ($how)', ({ modelGatesSend }) => {
  it('is stored before the next request is sent, though the request is built meanwhile', async () => {
    const h = createHarness({ modelGatesSend, script: [reply(FC('read_file', { file_path: 'a' })), reply('Done.', 'STOP')] });
    const gate = createDeferred<Result<void>>();
    const commit = h.store.commit.bind(h.store);
    let resultsCommitted = false;
    h.store.commit = async (history: readonly Content[], options?: CommitOptions) => {
      if (!holdsResults(history)) return commit(history, options);
      resultsCommitted = true;
      const outcome = await gate.promise;
      return outcome.ok ? commit(history, options) : outcome;
    };
    const running = h.run('read a');
    await waitUntil(() => resultsCommitted);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.model.requests).toHaveLength(1);
    gate.resolve({ ok: true, value: undefined });
    expect(await running).toBe('completed');
    expect(h.model.requests).toHaveLength(2);
    h.expectHealthy();
  });

  it('refused, sends nothing more, puts the stored history back and ends the interaction with an error', async () => {
    const h = createHarness({ modelGatesSend, script: [reply(FC('read_file', { file_path: 'a' })), reply('Never asked for.', 'STOP')] });
    const commit = h.store.commit.bind(h.store);
    h.store.commit = async (history: readonly Content[], options?: CommitOptions) =>
      holdsResults(history) ? { ok: false, error: { kind: 'storage-full', message: 'Browser storage is full.' } } : commit(history, options);
    expect(await h.run('read a')).toBe('error');
    expect(h.model.requests).toHaveLength(1);
    expect(h.agent.history()).toEqual(h.store.history());
    expect(h.ofType('error').map((event) => event.value.error.message).join()).toContain('Browser storage is full.');
    // The request held back was never sent: not retried, and not recorded as a round-trip.
    expect(h.ofType('retry')).toEqual([]);
    expect(h.store.roundTrips).toHaveLength(1);
  });
});

/**
 * A commit the store refuses (a full disk) leaves the agent's history as it was stored:
 * what could not be stored is not sent with the next message, nor stored behind it.
 */
import { describe, expect, it } from 'vitest';
import type { Content } from '../shared/content';
import { reply } from './testing/fake-model';
import { createHarness, texts } from './testing/harness';

const FULL = 'Browser storage is full.';

describe('a refused commit', () => {
  it('keeps a prompt the store refused out of the history, the next request and the next commit', async () => {
    const h = createHarness({ script: [reply('Hello.', 'STOP')] });
    const commit = h.store.commit.bind(h.store);
    let full = true;
    h.store.commit = async (history: readonly Content[]) => {
      if (full) throw new Error(FULL);
      return commit(history);
    };

    expect(await h.run('a message on a full disk')).toBe('error');
    expect(h.model.requests).toHaveLength(0);
    expect(h.agent.history()).toEqual([]);
    expect(h.agent.interruption()).toEqual({ type: 'none' });

    full = false;
    expect(await h.run('the next message')).toBe('completed');
    const sent = h.model.requests[0]!.contents.flatMap(texts);
    expect(sent).toEqual(['the next message']);
    expect(h.store.history().flatMap(texts)).toEqual(['the next message', 'Hello.']);
    h.expectHealthy();
  });

  it('keeps a model turn the store refused out of the history', async () => {
    const h = createHarness({ script: [reply('An answer that was not stored.', 'STOP')] });
    const commit = h.store.commit.bind(h.store);
    h.store.commit = async (history: readonly Content[]) => {
      if (history.at(-1)?.role === 'model') throw new Error(FULL);
      return commit(history);
    };

    expect(await h.run('q')).toBe('error');
    expect(h.agent.history()).toEqual(h.store.history());
    expect(h.agent.interruption()).toEqual({ type: 'interrupted_prompt', parts: [{ text: 'q' }] });
  });

  it('says a refused prompt as data: user_message_refused with the store\'s error, and no second report', async () => {
    const h = createHarness({ script: [reply('Hello.', 'STOP')] });
    const refusal = { kind: 'storage-full' as const, message: FULL };
    h.store.commit = async () => ({ ok: false, error: refusal });
    expect(await h.run('a message on a full disk')).toBe('error');
    expect(h.events.filter((event) => event.type === 'user_message_refused')).toEqual([{ type: 'user_message_refused', value: { error: refusal } }]);
    expect(h.events.filter((event) => event.type === 'error' || event.type === 'user_message_stored')).toEqual([]);
  });

  it('says a stored prompt before the model is asked', async () => {
    const h = createHarness({ script: [reply('Hello.', 'STOP')] });
    expect(await h.run('q')).toBe('completed');
    const order = h.events.map((event) => event.type).filter((type) => type === 'user_message_stored' || type === 'round_trip_start');
    expect(order).toEqual(['user_message_stored', 'round_trip_start']);
  });

  it('refuses the person\'s message when a commit before it is refused (an automatic compression\'s), said once as data', async () => {
    const earlier: Content[] = Array.from({ length: 4 }, (_, n) => [
      { role: 'user' as const, parts: [{ text: `question ${n} ${'x'.repeat(300)}` }] },
      { role: 'model' as const, parts: [{ text: `answer ${n} ${'y'.repeat(300)}` }] },
    ]).flat();
    const h = createHarness({
      initialHistory: earlier,
      tokenLimit: 2000,
      script: [reply({ text: 'first', finish: 'STOP', usage: { promptTokenCount: 1200 } }), reply('SUM', 'STOP'), reply('unused', 'STOP')],
    });
    expect(await h.run('one')).toBe('completed');
    const refusal = { kind: 'storage-full' as const, message: FULL };
    h.store.commit = async () => ({ ok: false, error: refusal });
    const before = h.events.length;
    expect(await h.run('two')).toBe('error');
    const events = h.events.slice(before);
    expect(events.filter((event) => event.type === 'user_message_refused')).toEqual([{ type: 'user_message_refused', value: { error: refusal } }]);
    expect(events.filter((event) => event.type === 'error' || event.type === 'user_message_stored')).toEqual([]);
    expect(h.agent.history().flatMap(texts)).not.toContain('two');
  });
});

/** Where a fork at a message or a reply starts, found by the entry's id (fork-plan.ts). */
import { describe, expect, it } from 'vitest';
import type { Content } from '../../shared/content';
import type { RoundTripRecord } from '../../store/types';
import { planFork } from './fork-plan';

const entry = (role: Content['role'], text: string, entryId: string): Content => ({ role, parts: [{ text }], entryId });

function roundTrip(id: string, contents: Content[], startedAt: number): RoundTripRecord {
  return { id, sessionId: 's', startedAt, endedAt: startedAt + 5, request: { model: 'm', contents }, response: { chunks: [] } } as unknown as RoundTripRecord;
}

describe('a fork plan names messages and replies by their entry ids', () => {
  const first = entry('user', 'same words', 'a');
  const reply = entry('model', 'ok', 'b');
  const second = entry('user', 'same words', 'c');
  const history = [first, reply, second, entry('model', 'ok', 'd')];
  const roundTrips = [roundTrip('r1', [first], 100), roundTrip('r2', [first, reply, second], 200)];

  it('tells apart two messages with the same words: the history and round-trips before the one named', () => {
    const plan = planFork(history, roundTrips, { kind: 'message', entryId: 'c' });
    expect(plan.ok && plan.value.history.map((content) => content.entryId)).toEqual(['a', 'b']);
    expect(plan.ok && plan.value.roundTrip).toBe(2);
    expect(plan.ok && plan.value.cutoff).toBe(199);
    const earlier = planFork(history, roundTrips, { kind: 'message', entryId: 'a' });
    expect(earlier.ok && earlier.value.history).toEqual([]);
  });

  it('finds a message from before a compression in the requests that carried it', () => {
    const compressed = [entry('user', 'summary', 's1'), entry('model', 'Got it.', 's2')];
    const plan = planFork(compressed, roundTrips, { kind: 'message', entryId: 'c' });
    expect(plan.ok && plan.value.history.map((content) => content.entryId)).toEqual(['a', 'b']);
  });

  it('tells apart two replies with the same words', () => {
    const plan = planFork(history, roundTrips, { kind: 'reply', entryId: 'd' });
    expect(plan.ok && plan.value.history.map((content) => content.entryId)).toEqual(['a', 'b', 'c']);
    expect(plan.ok && plan.value.reply?.entryId).toBe('d');
  });

  it('refuses an id that is not a message (or not a reply), or is not stored', () => {
    expect(planFork(history, roundTrips, { kind: 'message', entryId: 'b' })).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(planFork(history, roundTrips, { kind: 'reply', entryId: 'a' })).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(planFork(history, roundTrips, { kind: 'message', entryId: 'gone' })).toMatchObject({ ok: false, error: { kind: 'not-found' } });
  });
});

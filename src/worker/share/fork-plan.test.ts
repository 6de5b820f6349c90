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

  it('finds the request that first carried a message in requests stored before entries had ids', () => {
    const bare = (content: Content): Content => ({ role: content.role, parts: content.parts });
    const old = [roundTrip('r1', [bare(first)], 100), roundTrip('r2', [bare(first), bare(reply), bare(second)], 200)];
    const plan = planFork(history, old, { kind: 'message', entryId: 'c' });
    expect(plan.ok && plan.value.roundTrip).toBe(2);
    expect(plan.ok && plan.value.cutoff).toBe(199);
    // At a reply named by its round-trip, too.
    const answered = planFork(history, [...old, roundTrip('r3', [bare(first), bare(reply), bare(second)], 300)], { kind: 'reply', roundTripId: 'r3' });
    expect(answered.ok && answered.value.reply?.entryId).toBe('d');
  });

  it('does not guess the files before a message no recorded request carried: unknown when it was answered, as they are when not', () => {
    const answered = planFork(history, [], { kind: 'message', entryId: 'c' });
    expect(answered.ok && answered.value.cutoff).toBeNull();
    const waiting = planFork([first, reply, second], [], { kind: 'message', entryId: 'c' });
    expect(waiting.ok && waiting.value.cutoff).toBe(Number.POSITIVE_INFINITY);
  });

  it("leaves a subagent's round-trips out: they neither count as the session's nor go with the fork", () => {
    const nested = { ...roundTrip('n1', [entry('user', 'the task prompt', 'x')], 150), subagent: { callId: 'task1', description: 'Look' } };
    const plan = planFork(history, [roundTrips[0]!, nested, roundTrips[1]!], { kind: 'message', entryId: 'c' });
    expect(plan.ok && plan.value.roundTrip).toBe(2);
    expect(plan.ok && plan.value.roundTrips.map((record) => record.id)).toEqual(['r1']);
  });

  it('refuses an id that is not a message (or not a reply), or is not stored', () => {
    expect(planFork(history, roundTrips, { kind: 'message', entryId: 'b' })).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(planFork(history, roundTrips, { kind: 'reply', entryId: 'a' })).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(planFork(history, roundTrips, { kind: 'message', entryId: 'gone' })).toMatchObject({ ok: false, error: { kind: 'not-found' } });
  });
});

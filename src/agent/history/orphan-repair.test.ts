import { describe, expect, it } from 'vitest';
import type { Content } from '../../shared/content';
import { expectInvariants } from '../testing/invariants';
import { errorFunctionResponse } from './function-response';
import { call, deepFreeze, model, reply, user } from './fixtures';
import {
  ORPHAN_TOOL_USE_REPAIR_REASON,
  planToolUseRepair,
  repairOrphanedToolUseTurns,
  scanToolUseTurn,
} from './orphan-repair';

const orphan = (name: string, id: string) => errorFunctionResponse(id, name, ORPHAN_TOOL_USE_REPAIR_REASON);

function repair(history: Content[]): Content[] {
  return repairOrphanedToolUseTurns(deepFreeze(history));
}

describe('repairOrphanedToolUseTurns (F2)', () => {
  it('(a) synthesizes an ORPHAN error for a call with no response, after the real ones', () => {
    const history = [user('q'), model(call('a', 'a'), call('b', 'b')), user(reply('a', 'a'))];
    expect(repair(history)).toEqual([
      user('q'),
      model(call('a', 'a'), call('b', 'b')),
      user(reply('a', 'a'), orphan('b', 'b')),
    ]);
  });

  it('(b) hoists a response from a later user turn to the head of the adjacent one and removes the emptied turn', () => {
    const history = [user('q'), model(call('a', 'a')), user('hi'), user(reply('a', 'a'))];
    expect(repair(history)).toEqual([user('q'), model(call('a', 'a')), user(reply('a', 'a'), 'hi')]);
  });

  it('(c) keeps only the first of duplicate responses', () => {
    const history = [user('q'), model(call('a', 'a')), user(reply('a', 'a', 'first'), reply('a', 'a', 'second'))];
    expect(repair(history)).toEqual([user('q'), model(call('a', 'a')), user(reply('a', 'a', 'first'))]);
  });

  it('(d) closes a dangling call at the tail with a new user turn', () => {
    expect(repair([user('q'), model(call('a', 'a'))])).toEqual([user('q'), model(call('a', 'a')), user(orphan('a', 'a'))]);
  });

  it('(e) is idempotent and returns the same instance when nothing is left to do', () => {
    const once = repair([user('q'), model(call('a', 'a'), call('b', 'b')), user('hi'), user(reply('a', 'a'))]);
    const twice = repairOrphanedToolUseTurns(once);
    expect(twice).toBe(once);
  });

  it('returns the input array itself for a healthy history', () => {
    const history = deepFreeze([user('q'), model(call('a', 'a')), user(reply('a', 'a')), model('done')]);
    expect(repairOrphanedToolUseTurns(history)).toBe(history);
  });

  it('inserts before the first non-response part and keeps later responses of the adjacent turn in place', () => {
    const history = [model(call('a', 'a'), call('b', 'b')), user(reply('a', 'a'), 'note', reply('b', 'b'))];
    // b's only response sits in the adjacent turn, so nothing moves: order inside a turn is not repaired.
    expect(repair(history)).toEqual(history);
    const missing = [model(call('a', 'a'), call('b', 'b')), user(reply('a', 'a'), 'note')];
    expect(repair(missing)).toEqual([model(call('a', 'a'), call('b', 'b')), user(reply('a', 'a'), orphan('b', 'b'), 'note')]);
  });

  it('puts synthesized responses before hoisted ones, and drops duplicates across turns', () => {
    const history = [
      model(call('a', 'a'), call('b', 'b'), call('c', 'c')),
      user('text'),
      user(reply('b', 'b'), reply('c', 'c', 'late')),
      user(reply('b', 'b', 'again')),
    ];
    expect(repair(history)).toEqual([
      model(call('a', 'a'), call('b', 'b'), call('c', 'c')),
      user(orphan('a', 'a'), reply('b', 'b'), reply('c', 'c', 'late'), 'text'),
    ]);
  });

  it('inserts a user turn between two model turns and moves the cursor past it', () => {
    const history = [user('q'), model(call('a', 'a')), model(call('b', 'b')), user(reply('b', 'b'))];
    const repaired = repair(history);
    expect(repaired).toEqual([
      user('q'),
      model(call('a', 'a')),
      user(orphan('a', 'a')),
      model(call('b', 'b')),
      user(reply('b', 'b')),
    ]);
    expectInvariants(repaired);
  });

  it('ignores calls without an id', () => {
    const history = deepFreeze([user('q'), model(call('read_file'))]);
    expect(repairOrphanedToolUseTurns(history)).toBe(history);
  });

  it('keeps user turns that were already empty and not emptied by the repair', () => {
    const history = [model(call('a', 'a')), user('x'), user(), user(reply('a', 'a'))];
    expect(repair(history)).toEqual([model(call('a', 'a')), user(reply('a', 'a'), 'x'), user()]);
  });

  it('never mutates its input (the fixtures are deep-frozen)', () => {
    const history = [user('q'), model(call('a', 'a')), user('hi'), user(reply('a', 'a'), reply('a', 'a'))];
    const copy = structuredClone(history);
    repair(history);
    expect(history).toEqual(copy);
  });
});

describe('push order (F1)', () => {
  it('repairing after the real response is pushed keeps only the real response', () => {
    const stored = [user('q'), model(call('read_file', 'c1'))];
    const pushed = [...stored, user(reply('read_file', 'c1', 'real'))];
    expect(repair(pushed)).toEqual([...stored, user(reply('read_file', 'c1', 'real'))]);
  });

  it('repairing before the push would answer the call with the synthetic error instead (why order matters)', () => {
    const repairedFirst = repair([user('q'), model(call('read_file', 'c1'))]);
    const thenPushed = repair([...repairedFirst, user(reply('read_file', 'c1', 'real'))]);
    expect(thenPushed[2]).toEqual(user(orphan('read_file', 'c1')));
  });
});

describe('scan and plan phases', () => {
  it('scan collects expected calls in order and every response location of the following user run', () => {
    const history = [model(call('a', 'a'), call('x'), call('b', 'b')), user(reply('a', 'a')), user(reply('a', 'a'), 'z'), model('m')];
    const scan = scanToolUseTurn(history, 0);
    expect([...scan.expected]).toEqual([['a', 'a'], ['b', 'b']]);
    expect(scan.matched.get('a')?.map(({ turnIndex, partIndex }) => [turnIndex, partIndex])).toEqual([[1, 0], [2, 0]]);
    expect(scan.scanEnd).toBe(3);
  });

  it('plan synthesizes, hoists and drops', () => {
    const history = [model(call('a', 'a'), call('b', 'b')), user('t'), user(reply('b', 'b'), reply('b', 'b'))];
    const plan = planToolUseRepair(scanToolUseTurn(history, 0));
    expect(plan.synthesize).toEqual([{ callId: 'a', name: 'a' }]);
    expect(plan.hoisted).toEqual([reply('b', 'b')]);
    expect(plan.removals).toEqual([{ turnIndex: 2, partIndex: 0 }, { turnIndex: 2, partIndex: 1 }]);
    expect(plan.droppedDuplicates).toEqual([{ callId: 'b', name: 'b' }]);
  });
});

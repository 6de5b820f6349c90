import { describe, expect, it } from 'vitest';
import { expectInvariants } from '../testing/invariants';
import { call, deepFreeze, model, reply, user } from './fixtures';
import {
  INTERRUPTED_RESPONSE_PLACEHOLDER,
  buildRequestContents,
  closeDanglingToolResultTurn,
} from './request-contents';

describe('closeDanglingToolResultTurn (F4)', () => {
  it('puts the placeholder model turn between a committed tool result and the next typed message', () => {
    const history = deepFreeze([user('q'), model(call('a', 'a')), user(reply('a', 'a'))]);
    const stored = [...closeDanglingToolResultTurn(history), user('continue?')];
    expect(stored).toEqual([
      user('q'),
      model(call('a', 'a')),
      user(reply('a', 'a')),
      model('[The previous response was interrupted before it completed.]'),
      user('continue?'),
    ]);
    expect(INTERRUPTED_RESPONSE_PLACEHOLDER).toBe('[The previous response was interrupted before it completed.]');
    expectInvariants(buildRequestContents(stored));
  });

  it('also closes a tool-result turn that carries text after its responses', () => {
    const history = deepFreeze([model(call('a', 'a')), user(reply('a', 'a'), 'hint')]);
    expect(closeDanglingToolResultTurn(history).at(-1)).toEqual(model(INTERRUPTED_RESPONSE_PLACEHOLDER));
  });

  it('returns the input itself when the history does not end with a tool result', () => {
    for (const history of [[], [user('q')], [user('q'), model('a')]]) {
      const frozen = deepFreeze(history);
      expect(closeDanglingToolResultTurn(frozen)).toBe(frozen);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { expectInvariants } from '../testing/invariants';
import { call, deepFreeze, model, reply, user } from './fixtures';
import { SYNTHETIC_THOUGHT_SIGNATURE, buildRequestContents, coalesceConsecutiveRoles } from './request-contents';

describe('coalesceConsecutiveRoles (F3)', () => {
  it('merges a tool result and an injected reminder into one user Content', () => {
    const history = deepFreeze([
      user('q'),
      model(call('read_file', 'c1')),
      user(reply('read_file', 'c1')),
      user('<system-reminder>plan mode</system-reminder>'),
    ]);
    const request = buildRequestContents(history);
    expect(request).toEqual([
      user('q'),
      model({ ...call('read_file', 'c1'), thoughtSignature: SYNTHETIC_THOUGHT_SIGNATURE }),
      user(reply('read_file', 'c1'), '<system-reminder>plan mode</system-reminder>'),
    ]);
    expectInvariants(request);
  });

  it('merges runs of any length, keeping part order, for both roles', () => {
    const contents = deepFreeze([user('a'), user('b'), user('c'), model('x'), model('y'), user('d')]);
    expect(coalesceConsecutiveRoles(contents)).toEqual([user('a', 'b', 'c'), model('x', 'y'), user('d')]);
  });

  it('returns the input array itself when roles already alternate', () => {
    const contents = deepFreeze([user('a'), model('b'), user('c')]);
    expect(coalesceConsecutiveRoles(contents)).toBe(contents);
    expect(coalesceConsecutiveRoles([])).toEqual([]);
  });
});

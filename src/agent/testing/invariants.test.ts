import { describe, expect, it } from 'vitest';
import { call, model, reply, user } from '../history/fixtures';
import { expectInvariants, pairingViolations, sameRoleNeighbourViolations } from './invariants';

describe('pairingViolations (INVARIANT(P) a)', () => {
  it('accepts paired calls, id-less calls and plain text', () => {
    expect(
      pairingViolations([user('q'), model(call('a', 'a'), call('b', 'b'), call('c')), user(reply('b', 'b'), reply('a', 'a'), 'note'), model('ok')]),
    ).toEqual([]);
  });

  it('reports a call with no response, and one whose response is not in the very next Content', () => {
    expect(pairingViolations([user('q'), model(call('a', 'a'))])).toEqual([
      'contents[1] (model) functionCall "a" needs exactly one functionResponse in the next user Content, found 0',
    ]);
    const late = pairingViolations([model(call('a', 'a')), user('x'), user(reply('a', 'a'))]);
    expect(late).toHaveLength(2);
    expect(late[1]).toContain('stray functionResponse "a"');
  });

  it('reports duplicate responses', () => {
    expect(pairingViolations([model(call('a', 'a')), user(reply('a', 'a'), reply('a', 'a'))])).toEqual([
      'contents[0] (model) functionCall "a" needs exactly one functionResponse in the next user Content, found 2',
    ]);
  });

  it('reports stray, id-less and misplaced responses', () => {
    const idless = { functionResponse: { name: 'x', response: {} } };
    const violations = pairingViolations([user(reply('z', 'z')), model(reply('y', 'y')), user(idless)]);
    expect(violations).toHaveLength(3);
    expect(violations[0]).toContain('stray');
    expect(violations[1]).toContain('belong in user Contents');
    expect(violations[2]).toContain('without an id');
  });
});

describe('sameRoleNeighbourViolations (INVARIANT(P) b)', () => {
  it('reports each pair of same-role neighbours', () => {
    expect(sameRoleNeighbourViolations([user('a'), model('b'), user('c')])).toEqual([]);
    expect(sameRoleNeighbourViolations([user('a'), user('b'), model('c'), model('d')])).toEqual([
      'contents[0] (user) and contents[1] share the role "user"',
      'contents[2] (model) and contents[3] share the role "model"',
    ]);
  });
});

describe('expectInvariants', () => {
  it('passes silently on a valid request', () => {
    expect(() => expectInvariants([user('q'), model(call('a', 'a')), user(reply('a', 'a'))])).not.toThrow();
  });

  it('throws an Error that lists every violation', () => {
    expect(() => expectInvariants([user('q'), user('r'), model(call('a', 'a'))])).toThrow(
      /INVARIANT\(P\) violated:\n- contents\[2\] \(model\) functionCall "a".*\n- contents\[0\] \(user\) and contents\[1\]/,
    );
  });
});

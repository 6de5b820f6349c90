import { describe, expect, it } from 'vitest';
import type { Content, Part } from '../../shared/content';
import { expectInvariants } from '../testing/invariants';
import { DUPLICATE_CALL_ID_MESSAGE, dedupeCallsById } from './duplicate-ids';
import { call, deepFreeze, model, reply, user } from './fixtures';
import { errorFunctionResponse } from './function-response';
import { ORPHAN_TOOL_USE_REPAIR_REASON } from './orphan-repair';
import { buildRequestContents } from './request-contents';

const readA = () => call('read_file', 'p1', { file_path: 'a' });

describe('duplicate provider call ids across round-trips (F8)', () => {
  it('has the exact duplicate message', () => {
    expect(DUPLICATE_CALL_ID_MESSAGE('p1')).toBe(
      'Duplicate provider tool call id "p1" was already handled. The duplicate tool call was ignored and not executed again. If you intended to run this tool again, re-issue the call with a new unique tool-call id (or explicitly different arguments).',
    );
  });

  it('answers the repeated p1 with the duplicate error and the third request stays paired', () => {
    const afterFirst: Content[] = [user('q'), model(readA()), user(reply('read_file', 'p1', 'contents of a'))];
    const second = model(readA());
    const history = [...afterFirst, second, user(errorFunctionResponse('p1', 'read_file', DUPLICATE_CALL_ID_MESSAGE('p1')))];
    const request = buildRequestContents(deepFreeze(history));
    expect(request.at(-1)).toEqual(user(errorFunctionResponse('p1', 'read_file', DUPLICATE_CALL_ID_MESSAGE('p1'))));
    expectInvariants(request);
  });

  it('variant: a dropped third batch leaves a call that repair closes before the next request', () => {
    const history = deepFreeze([
      user('q'),
      model(readA()),
      user(reply('read_file', 'p1')),
      model(readA()),
      user(errorFunctionResponse('p1', 'read_file', DUPLICATE_CALL_ID_MESSAGE('p1'))),
      model(readA()),
      user('what happened?'),
    ]);
    const request = buildRequestContents(history);
    expect(request.at(-1)?.parts[0]).toEqual(errorFunctionResponse('p1', 'read_file', ORPHAN_TOOL_USE_REPAIR_REASON));
    expectInvariants(request);
  });
});

describe('dedupeCallsById (C11)', () => {
  it('keeps the first call per id for scheduler requests', () => {
    const calls = deepFreeze([
      { callId: 'dup', name: 'read_file', args: { file_path: 'a' } },
      { callId: 'other', name: 'grep', args: {} },
      { callId: 'dup', name: 'read_file', args: { file_path: 'b' } },
    ]);
    expect(dedupeCallsById(calls).map((request) => [request.callId, request.args])).toEqual([
      ['dup', { file_path: 'a' }],
      ['other', {}],
    ]);
  });

  it('drops the duplicate functionCall part from a model turn, keeping text and id-less calls', () => {
    const parts = deepFreeze<Part[]>([{ text: 'x' }, call('read_file', 'dup'), call('shell'), call('read_file', 'dup'), call('shell')]);
    expect(dedupeCallsById(parts)).toEqual([{ text: 'x' }, call('read_file', 'dup'), call('shell'), call('shell')]);
  });

  it('works on bare FunctionCalls and returns the input itself without duplicates', () => {
    const calls = deepFreeze([
      { id: 'a', name: 'x', args: {} },
      { id: 'b', name: 'x', args: {} },
    ]);
    expect(dedupeCallsById(calls)).toBe(calls);
  });
});

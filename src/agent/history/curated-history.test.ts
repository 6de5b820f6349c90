import { describe, expect, it } from 'vitest';
import { expectInvariants } from '../testing/invariants';
import { call, deepFreeze, model, reply, user } from './fixtures';
import { buildRequestContents, curateHistory, dropUnpairedFunctionResponses } from './request-contents';

describe('curateHistory (F5)', () => {
  it('leaves a stored model turn with an empty text part out of the request', () => {
    const history = deepFreeze([user('q'), model(''), user('again')]);
    const request = buildRequestContents(history);
    expect(request).toEqual([user('q', 'again')]);
    expect(request.some((content) => content.role === 'model')).toBe(false);
  });

  it('drops model turns with no parts or an empty part, and their whole model run', () => {
    const contents = deepFreeze([user('a'), model('x'), model(), user('b'), model({}), user('c'), model('ok')]);
    expect(curateHistory(contents)).toEqual([user('a'), user('b'), user('c'), model('ok')]);
  });

  it('keeps a model turn whose empty text part is a thought', () => {
    const contents = deepFreeze([user('a'), model({ text: '', thought: true }, 'answer')]);
    expect(curateHistory(contents)).toBe(contents);
  });

  it('never drops user turns, and returns the input itself when all model turns are valid', () => {
    const contents = deepFreeze([user(''), model('fine'), user()]);
    expect(curateHistory(contents)).toBe(contents);
  });

  it('drops the responses of a call turn it excluded, so the request stays paired', () => {
    const history = deepFreeze([user('q'), model(call('read_file', 'c1'), ''), user(reply('read_file', 'c1')), user('next')]);
    const request = buildRequestContents(history);
    expect(request).toEqual([user('q', 'next')]);
    expectInvariants(request);
  });
});

describe('dropUnpairedFunctionResponses', () => {
  it('keeps only the first response per call of the model turn right before the user run', () => {
    const contents = deepFreeze([
      model(call('a', 'a')),
      user(reply('a', 'a', 'first')),
      user(reply('a', 'a', 'late copy'), reply('z', 'z'), 'text'),
    ]);
    expect(dropUnpairedFunctionResponses(contents)).toEqual([
      model(call('a', 'a')),
      user(reply('a', 'a', 'first')),
      user('text'),
    ]);
  });

  it('drops stray responses, id-less responses and user turns they leave empty', () => {
    const idless = { functionResponse: { name: 'x', response: { output: '' } } };
    const contents = deepFreeze([user(reply('x', 'x')), model('hi'), user(idless), user('q')]);
    expect(dropUnpairedFunctionResponses(contents)).toEqual([model('hi'), user('q')]);
  });

  it('returns the input itself when every response is paired', () => {
    const contents = deepFreeze([user('q'), model(call('a', 'a')), user(reply('a', 'a'))]);
    expect(dropUnpairedFunctionResponses(contents)).toBe(contents);
  });
});

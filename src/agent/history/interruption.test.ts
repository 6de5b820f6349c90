import { describe, expect, it } from 'vitest';
import type { Content } from '../../shared/content';
import { expectInvariants } from '../testing/invariants';
import { call, deepFreeze, model, reply, user } from './fixtures';
import { errorFunctionResponse } from './function-response';
import {
  TURN_INTERRUPTION_HISTORY_TAIL_COUNT,
  detectTurnInterruption,
  resumeParts,
} from './interruption';
import { ORPHAN_TOOL_USE_REPAIR_REASON } from './orphan-repair';
import { buildRequestContents } from './request-contents';

const reminder = (text: string) => `<system-reminder>${text}</system-reminder>`;
const notification = (text: string) => `<task-notification><summary>${text}</summary></task-notification>`;

function detect(history: Content[]) {
  return detectTurnInterruption(deepFreeze(history));
}

describe('detectTurnInterruption (G1)', () => {
  it('[] → none', () => {
    expect(detect([])).toEqual({ type: 'none' });
  });

  it('[u q, m "ans"] → none', () => {
    expect(detect([user('q'), model('ans')])).toEqual({ type: 'none' });
  });

  it('[u q] → interrupted_prompt with the prompt parts', () => {
    expect(detect([user('q')])).toEqual({ type: 'interrupted_prompt', parts: [{ text: 'q' }] });
  });

  it('[u q, m[FC a c1, FC b c2]] → interrupted_turn with the dangling calls in order', () => {
    expect(detect([user('q'), model('running', call('a', 'c1'), call('b', 'c2'))])).toEqual({
      type: 'interrupted_turn',
      dangling: [
        { callId: 'c1', name: 'a' },
        { callId: 'c2', name: 'b' },
      ],
    });
  });

  it('[u q, m[FC a], u[FR a], u "more"] → interrupted_prompt, responses first', () => {
    expect(detect([user('q'), model(call('a', 'a')), user(reply('a', 'a')), user('more')])).toEqual({
      type: 'interrupted_prompt',
      parts: [reply('a', 'a'), { text: 'more' }],
    });
  });

  it('orders responses first even when the text entry came first', () => {
    expect(detect([model('waiting'), user('IDE context'), user(reply('a', 'a'))])).toEqual({
      type: 'interrupted_prompt',
      parts: [reply('a', 'a'), { text: 'IDE context' }],
    });
  });

  it('[u q, m "half-sentence"] → none (a truncated text tail is a known blind spot)', () => {
    expect(detect([user('q'), model('half-sent')])).toEqual({ type: 'none' });
  });

  it('a pure system-reminder tail → none', () => {
    expect(detect([user('q'), model('done'), user(reminder('mcp tool added'))])).toEqual({ type: 'none' });
  });

  it('keeps reminder parts that ride along with a real prompt', () => {
    expect(detect([user(reminder('plan mode'), 'real prompt')])).toEqual({
      type: 'interrupted_prompt',
      parts: [{ text: reminder('plan mode') }, { text: 'real prompt' }],
    });
  });

  it('stops collecting at a reminder-only entry', () => {
    expect(detect([user('old'), user(reminder('r')), user('new')])).toEqual({
      type: 'interrupted_prompt',
      parts: [{ text: 'new' }],
    });
  });

  it('trailing task-notification envelopes only → none', () => {
    expect(detect([user('go'), model('done'), user(notification('a')), user(notification('b'))])).toEqual({ type: 'none' });
    expect(detect([user(notification('only'))])).toEqual({ type: 'none' });
  });

  it('sees a dangling call under trailing notifications', () => {
    expect(detect([user('read'), model(call('read_file', 'c1')), user(notification('done'))])).toEqual({
      type: 'interrupted_turn',
      dangling: [{ callId: 'c1', name: 'read_file' }],
    });
  });

  it('replays trailing notifications together with the interrupted prompt they follow', () => {
    expect(detect([model('a'), user('do it'), user(notification('n'))])).toEqual({
      type: 'interrupted_prompt',
      parts: [{ text: 'do it' }, { text: notification('n') }],
    });
  });

  it('treats a prompt mixed with a notification part as a real prompt', () => {
    expect(detect([user(notification('n'), 'and now this')]).type).toBe('interrupted_prompt');
  });

  it('does not trim a model entry whose text looks like a notification', () => {
    expect(detect([user('echo it'), model(notification('n'))])).toEqual({ type: 'none' });
  });

  it('ignores calls without an id', () => {
    expect(detect([user('q'), model(call('shell'))])).toEqual({ type: 'none' });
  });

  it('ignores earlier dangling calls when the last entry is clean', () => {
    expect(detect([model(call('shell', 'old')), user('never mind'), model('ok')])).toEqual({ type: 'none' });
  });

  it('a user tail with no parts → none', () => {
    expect(detect([user()])).toEqual({ type: 'none' });
  });

  it(`classifies only the last ${TURN_INTERRUPTION_HISTORY_TAIL_COUNT} entries`, () => {
    expect(TURN_INTERRUPTION_HISTORY_TAIL_COUNT).toBe(50);
    const prompts = Array.from({ length: 60 }, (_, index) => user(`p${index}`));
    const result = detect([model('a'), ...prompts]);
    expect(result.type === 'interrupted_prompt' && result.parts).toHaveLength(50);
  });
});

describe('resumeParts (G1 resume)', () => {
  it('none → nothing to send', () => {
    expect(resumeParts({ type: 'none' })).toBeNull();
  });

  it('interrupted_prompt → retry with responses first', () => {
    expect(resumeParts({ type: 'interrupted_prompt', parts: [{ text: 'more' }, reply('a', 'a')] })).toEqual({
      type: 'retry',
      parts: [reply('a', 'a'), { text: 'more' }],
    });
  });

  it('interrupted_turn → one ORPHAN error response per dangling call, in call order', () => {
    const dangling = [
      { callId: 'c1', name: 'a' },
      { callId: 'c2', name: 'b' },
    ];
    expect(resumeParts({ type: 'interrupted_turn', dangling })).toEqual({
      type: 'tool_result',
      parts: [
        errorFunctionResponse('c1', 'a', ORPHAN_TOOL_USE_REPAIR_REASON),
        errorFunctionResponse('c2', 'b', ORPHAN_TOOL_USE_REPAIR_REASON),
      ],
    });
  });

  it('Continue on a dangling read_file sends its ORPHAN error and keeps one "q"', () => {
    const stored = deepFreeze([user('q'), model(call('read_file', 'c1'))]);
    const resume = resumeParts(detectTurnInterruption(stored));
    expect(resume?.type).toBe('tool_result');
    const request = buildRequestContents([...stored, user(...(resume?.parts ?? []))]);
    expect(request.at(-1)).toEqual(user(errorFunctionResponse('c1', 'read_file', ORPHAN_TOOL_USE_REPAIR_REASON)));
    expect(request.flatMap((content) => content.parts).filter((part) => part.text === 'q')).toHaveLength(1);
    expectInvariants(request);
  });
});

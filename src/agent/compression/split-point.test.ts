/** Spec I2: where compression may cut the history. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { textContent } from '../../shared/content';
import type { Content } from '../../shared/content';
import { findCompressSplitPoint } from './split-point';

const user = (text: string) => textContent('user', text);
const model = (text: string) => textContent('model', text);
const call = (id: string): Content => ({ role: 'model', parts: [{ functionCall: { id, name: 'read_file', args: { file_path: id } } }] });
const response = (id: string, output = 'ok'): Content => ({
  role: 'user',
  parts: [{ functionResponse: { id, name: 'read_file', response: { output } } }],
});

describe('findCompressSplitPoint', () => {
  it('keeps roughly the newest 30% by characters, cutting before a user message', () => {
    const history = Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? user(`u${index} ${'x'.repeat(100)}`) : model(`m${index} ${'y'.repeat(100)}`)));
    // 10 similar-sized contents: the first cut at or past 70% is index 8 (a user turn).
    expect(findCompressSplitPoint(history, 0.3)).toBe(8);
    expect(findCompressSplitPoint(history, 0.7)).toBe(4);
  });

  it('never cuts before a functionResponse turn', () => {
    const history = [user('start'), call('1'), response('1', 'x'.repeat(500)), call('2'), response('2', 'x'.repeat(500)), user('next'), model('done')];
    // The only cuts are 0 and 5; 5 is past the 70% target.
    expect(findCompressSplitPoint(history, 0.3)).toBe(5);
    const pending = [...history.slice(0, 6), call('3'), response('3')];
    expect(findCompressSplitPoint(pending, 0.3)).toBe(5);
  });

  it('compresses everything when the history ends with a model turn without a functionCall', () => {
    expect(findCompressSplitPoint([user('a'), model('b')], 0.3)).toBe(2);
  });

  it('returns 0 (nothing to compress) for one long agentic turn', () => {
    const history = [user('task'), call('1'), response('1', 'x'.repeat(5000)), call('2'), response('2', 'x'.repeat(5000))];
    expect(findCompressSplitPoint(history, 0.3)).toBe(0);
    expect(findCompressSplitPoint([], 0.3)).toBe(0);
  });

  it('falls back to the last cut before the target when none comes after it', () => {
    const history = [user('a'), model('b'), user('c'), call('1'), response('1', 'x'.repeat(5000))];
    expect(findCompressSplitPoint(history, 0.3)).toBe(2);
  });

  it('rejects fractions outside (0, 1)', () => {
    expect(() => findCompressSplitPoint([], 0)).toThrow(RangeError);
    expect(() => findCompressSplitPoint([], 1)).toThrow(RangeError);
  });

  it('property: the kept tail never splits a call from its response and starts with a user message', () => {
    const turn = fc.oneof(
      fc.string({ maxLength: 200 }).map((text) => ({ text, calls: -1 })),
      fc.tuple(fc.string({ maxLength: 200 }), fc.nat({ max: 3 })).map(([text, calls]) => ({ text, calls })),
    );
    fc.assert(
      fc.property(fc.array(turn, { maxLength: 8 }), fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.boolean(), (turns, fraction, midTurn) => {
        let nextId = 0;
        const history = turns.flatMap(({ text, calls }) => {
          if (calls < 0) return [user(text), model(text)];
          const ids = Array.from({ length: calls + 1 }, () => `c${(nextId += 1)}`);
          return [user(text), ...ids.flatMap((id) => [call(id), response(id, text.repeat(3))]), model('done')];
        });
        // Mid-turn: the last tool results were just added, the model has not answered yet.
        if (midTurn && history[history.length - 1]?.parts[0]?.text === 'done') history.pop();
        const split = findCompressSplitPoint(history, fraction);
        expect(split).toBeGreaterThanOrEqual(0);
        expect(split).toBeLessThanOrEqual(history.length);
        const tail = history.slice(split);
        if (split > 0 && tail.length > 0) {
          expect(tail[0]?.role).toBe('user');
          expect(tail[0]?.parts.some((part) => part.functionResponse)).toBe(false);
        }
        const head = history.slice(0, split);
        const headCalls = new Set(head.flatMap((content) => content.parts.flatMap((part) => (part.functionCall?.id ? [part.functionCall.id] : []))));
        const tailResponses = tail.flatMap((content) => content.parts.flatMap((part) => (part.functionResponse?.id ? [part.functionResponse.id] : [])));
        for (const id of tailResponses) expect(headCalls.has(id)).toBe(false);
      }),
    );
  });
});

/** The truncation half of compression: old oversized tool output shrinks, recent output stays. */
import { describe, expect, it } from 'vitest';
import type { Content } from '../../shared/content';
import { call, model, response, user } from './compression-test-fixtures';
import { truncateToBudget } from './truncate-to-budget';

const options = { functionResponseTokenBudget: 1000, keepLines: 3, keepChars: 200 };
const lines = (count: number, tag: string) => Array.from({ length: count }, (_, index) => `${tag} line ${index}`).join('\n');

describe('truncateToBudget', () => {
  it('keeps the newest outputs whole and cuts older ones past the budget to their last lines', () => {
    const history = [user('q'), call('old'), response('old', lines(500, 'old')), call('new'), response('new', lines(200, 'new'))];
    const result = truncateToBudget(history, options);
    const output = (content: Content | undefined) => content?.parts[0]?.functionResponse?.response['output'];
    expect(output(result[4])).toBe(lines(200, 'new'));
    const old = output(result[2]) as string;
    expect(old).toMatch(/^\[Tool output truncated to save context: \d+ of \d+ characters omitted/);
    expect(old.endsWith('old line 497\nold line 498\nold line 499')).toBe(true);
  });

  it('keeps the response id and name, and the error field when the output was an error', () => {
    const history: Content[] = [
      { role: 'user', parts: [{ functionResponse: { id: 'x', name: 'run_shell_command', response: { error: lines(1000, 'err') } } }] },
      response('y', lines(400, 'recent')),
    ];
    const [first] = truncateToBudget(history, options);
    const functionResponse = first?.parts[0]?.functionResponse;
    expect(functionResponse?.id).toBe('x');
    expect(functionResponse?.name).toBe('run_shell_command');
    expect(functionResponse?.response['error']).toMatch(/^\[Tool output truncated/);
  });

  it('caps the kept tail in characters too', () => {
    const history = [response('a', 'x'.repeat(10_000)), response('b', 'y'.repeat(4_000))];
    const [first] = truncateToBudget(history, options);
    const text = first?.parts[0]?.functionResponse?.response['output'] as string;
    expect(text.length).toBeLessThan(400);
  });

  it('returns the same objects when nothing needs truncating', () => {
    const history = [user('q'), call('a'), response('a', 'small'), model('done')];
    const result = truncateToBudget(history, options);
    result.forEach((content, index) => expect(content).toBe(history[index]));
  });

  it('leaves non-functionResponse parts alone, however large', () => {
    const history = [user('u'.repeat(100_000)), response('a', lines(500, 'a'))];
    const result = truncateToBudget(history, { ...options, functionResponseTokenBudget: 0 });
    expect(result[0]).toBe(history[0]);
  });
});

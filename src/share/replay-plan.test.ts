import { describe, expect, it } from 'vitest';
import type { Content } from '../shared/content';
import { replayPlan, replayPlanFrom } from './replay-plan';

const user = (text: string): Content => ({ role: 'user', parts: [{ text }] });
const model = (text: string): Content => ({ role: 'model', parts: [{ text }] });
const call: Content = { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'read_file', args: { file_path: 'a' } } }] };
const result: Content = { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'read_file', response: { output: 'A' } } }] };
const recorded = [user('first'), call, result, model('read it'), user('second'), model('done')];

describe('replay plans', () => {
  it('a whole recording: each prompt with the responses that followed it, and each call\'s recorded result', () => {
    const plan = replayPlan(recorded);
    expect(plan.steps).toEqual([
      { text: 'first', responses: [call, model('read it')], steering: [] },
      { text: 'second', responses: [model('done')], steering: [] },
    ]);
    expect(plan.total).toBe(3);
    expect(plan.results.get('c1')).toEqual({ output: 'A' });
  });

  it('from a fork after a batch of results: the responses to them as a step with no prompt, then the later prompts', () => {
    const plan = replayPlanFrom(recorded, 3);
    expect(plan.initial).toEqual([]);
    expect(plan.steps).toEqual([
      { text: null, responses: [model('read it')], steering: [] },
      { text: 'second', responses: [model('done')], steering: [] },
    ]);
    expect(plan.total).toBe(2);
  });

  it('a steering message stays in its step, at the boundary where it joined, and starts no step of its own', () => {
    const steer = (text: string): Content => ({ role: 'user', parts: [{ text }], steering: true });
    const plan = replayPlan([user('first'), call, result, steer('use b'), model('read it'), steer('shorter'), model('ok'), user('second'), model('done')]);
    expect(plan.steps).toEqual([
      { text: 'first', responses: [call, model('read it'), model('ok')], steering: [{ after: 1, text: 'use b' }, { after: 2, text: 'shorter' }] },
      { text: 'second', responses: [model('done')], steering: [] },
    ]);
    expect(plan.total).toBe(4);
  });

  it('from a fork after a batch of results: a steering message that followed them joins the resumed step where it joined', () => {
    const steer: Content = { role: 'user', parts: [{ text: 'use b' }], steering: true };
    const plan = replayPlanFrom([user('first'), call, result, steer, model('read it'), user('second'), model('done')], 3);
    expect(plan.steps[0]).toEqual({ text: null, responses: [model('read it')], steering: [{ after: 0, text: 'use b' }] });
  });

  it('from a fork at the recording\'s end: nothing to play', () => {
    expect(replayPlanFrom(recorded, recorded.length)).toMatchObject({ steps: [], total: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import type { RoundTrip } from '../agent/types';
import type { Content } from '../shared/content';
import { recordedResultsByTool, replayPlan } from './replay-plan';
import { recordedSubagents } from './subagent-recordings';

const prompt: Content = { role: 'user', parts: [{ text: 'List and count.' }] };
const listing: Content = { role: 'model', parts: [{ functionCall: { id: 'n1', name: 'list_directory', args: { dir_path: '.' } } }] };
const listed: Content = { role: 'user', parts: [{ functionResponse: { id: 'n1', name: 'list_directory', response: { output: 'a.txt' } } }] };
const subagent = { callId: 'task1', description: 'Count files' };
const geminiChunk = (parts: unknown[]) => ({ candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP' }] });
const roundTrip = (id: string, startedAt: number, contents: Content[], response: unknown[], extra: Partial<RoundTrip> = {}): RoundTrip => ({
  id,
  interactionId: 'i',
  startedAt,
  request: { model: 'm', contents },
  response,
  ...extra,
});

describe("a recording's subagents", () => {
  it('give each task call its nested conversation: the last request, then its reply read from the raw chunks', () => {
    const recorded = recordedSubagents([
      roundTrip('parent', 1, [{ role: 'user', parts: [{ text: 'count' }] }], []),
      roundTrip('first', 2, [prompt], [geminiChunk([{ functionCall: { name: 'list_directory', args: { dir_path: '.' } } }])], { subagent }),
      // A failed attempt and a compression request are not the subagent's replies.
      roundTrip('failed', 3, [prompt, listing, listed], [], { subagent, error: { kind: 'server', message: '500' } }),
      roundTrip('second', 4, [prompt, listing, listed], [geminiChunk([{ text: 'One ' }]), geminiChunk([{ text: 'file.' }])], { subagent }),
      roundTrip('compress', 5, [prompt], [geminiChunk([{ text: 'summary' }])], { subagent, turn: { id: 't', attempt: 1, purpose: 'compression' } }),
    ]);
    expect(recorded).toEqual({ task1: [prompt, listing, listed, { role: 'model', parts: [{ text: 'One ' }, { text: 'file.' }] }] });
  });

  it('are none in a recording without subagent round-trips (an older link)', () => {
    expect(recordedSubagents([roundTrip('parent', 1, [prompt], [geminiChunk([{ text: 'hi' }])])])).toEqual({});
  });
});

describe("the recorded results a replay's stand-ins answer", () => {
  const add = (id: string, sum: string): [Content, Content] => [
    { role: 'model', parts: [{ functionCall: { id, name: 'calc__add', args: {} } }] },
    { role: 'user', parts: [{ functionResponse: { id, name: 'calc__add', response: { output: sum } } }] },
  ];
  const history: Content[] = [
    { role: 'user', parts: [{ text: 'Add, then let a subagent add' }] },
    ...add('c1', 'one'),
    { role: 'model', parts: [{ functionCall: { id: 't1', name: 'task', args: { description: 'Add', prompt: 'Add.' } } }] },
    { role: 'user', parts: [{ functionResponse: { id: 't1', name: 'task', response: { output: 'It added.' } } }] },
    ...add('c3', 'three'),
    { role: 'model', parts: [{ text: 'Done.' }] },
  ];
  const nested = replayPlan([{ role: 'user', parts: [{ text: 'Add.' }] }, ...add('c2', 'two'), { role: 'model', parts: [{ text: 'It added.' }] }]);

  it("take a subagent's calls where it ran, and no answer of its task call, when it runs again", () => {
    const byTool = recordedResultsByTool(replayPlan(history), new Map([['t1', nested]]));
    expect(byTool.get('calc__add')).toEqual([{ output: 'one' }, { output: 'two' }, { output: 'three' }]);
    expect(byTool.has('task')).toBe(false);
  });

  it('take the task call’s answer when its subagent does not run again', () => {
    const byTool = recordedResultsByTool(replayPlan(history));
    expect(byTool.get('calc__add')).toEqual([{ output: 'one' }, { output: 'three' }]);
    expect(byTool.get('task')).toEqual([{ output: 'It added.' }]);
  });
});

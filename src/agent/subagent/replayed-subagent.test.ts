/**
 * A replay's `task` (subagents.ts): a call whose subagent the replay holds a recording of runs
 * its subagent again with that recording as its model (its tools really run); any other call is
 * answered by the registry's own `task`, the replay's stand-in.
 */
import { describe, expect, it } from 'vitest';
import type { LanguageModel } from '../../model/types';
import type { Content } from '../../shared/content';
import { createAgent } from '../agent';
import { createFakeClock } from '../testing/fake-clock';
import { FC, T, createFakeModel, reply } from '../testing/fake-model';
import { standardFakeTools } from '../testing/fake-tools';
import { pairingViolations } from '../testing/invariants';
import { createMemoryStore } from '../testing/memory-store';
import type { AgentEvent } from '../types';

const task = (id: string) => FC('task', { description: `Task ${id}`, prompt: `Do ${id}.`, tools: ['write_file'] }, id);

describe("a replay's task calls", () => {
  it('run the recorded subagent of a call on its own model, with real tools; the stand-in answers the others', async () => {
    const clock = createFakeClock({ mode: 'auto' });
    const parent = createFakeModel([reply(task('t1')), reply(task('t2')), reply(T('Both done.'), 'STOP')]);
    const recorded = createFakeModel([reply(FC('write_file', { file_path: 'a.txt', content: 'a' })), reply(T('Wrote a.txt.'), 'STOP')]);
    const tools = standardFakeTools(clock, { task: { kind: 'read', impl: () => 'recorded answer' } });
    const store = createMemoryStore();
    const nested: AgentEvent[] = [];
    let counter = 0;
    const agent = createAgent({
      model: parent,
      tools,
      spill: async () => undefined,
      store,
      clock,
      newId: () => `id${++counter}`,
      emit: () => undefined,
      requestApproval: async () => 'proceed_once',
      settings: { model: 'recorded-session', approvalMode: 'ask' },
      subagents: {},
      observeSubagent: (event) => nested.push(structuredClone(event)),
      replayedSubagent: (callId): LanguageModel | undefined => (callId === 't1' ? recorded : undefined),
    });
    expect(await agent.run({ type: 'user_query', text: 'do both' }, new AbortController().signal)).toBe('completed');

    const results = (history: readonly Content[]) =>
      history.flatMap((content) => content.parts.flatMap((part) => (part.functionResponse ? [[part.functionResponse.id, part.functionResponse.response]] : [])));
    expect(results(store.history())).toEqual([
      ['t1', { output: 'Wrote a.txt.' }],
      ['t2', { output: 'recorded answer' }],
    ]);
    // The recording answered the subagent's requests, the parent's model only its own.
    expect(recorded.requests.map((request) => request.contents[0])).toEqual([
      { role: 'user', parts: [{ text: 'Do t1.' }] },
      { role: 'user', parts: [{ text: 'Do t1.' }] },
    ]);
    expect(parent.requests).toHaveLength(3);
    expect(tools.toolLog.map((entry) => [entry.name, entry.args['file_path'] ?? entry.args['description']])).toEqual([
      ['write_file', 'a.txt'],
      ['task', 'Task t2'],
    ]);
    expect(nested.some((event) => event.type === 'tool_call_response' && event.value.response['output'] === 'ok write_file')).toBe(true);
    expect(store.roundTrips.map((roundTrip) => roundTrip.subagent?.callId ?? null)).toEqual([null, 't1', 't1', null, null]);
    expect(pairingViolations(store.history())).toEqual([]);
  });
});

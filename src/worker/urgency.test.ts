import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../agent/types';
import { createUrgency } from './urgency';

const start = (id: string): AgentEvent => ({ type: 'round_trip_start', value: { roundTripId: id, model: 'm' } });
const end = (id: string): AgentEvent => ({ type: 'round_trip_end', value: { roundTripId: id } });
const finished: AgentEvent = { type: 'finished', value: { reason: 'STOP' } };
const call: AgentEvent = { type: 'tool_call_request', value: { callId: 'c', name: 'read_file', args: {} } };

describe('which events a person waits to see at once', () => {
  it('the end of an answer, not the end of a response that asked for tools', () => {
    const urgent = createUrgency();
    expect([start('1'), call, finished, end('1')].map(urgent)).toEqual([false, false, false, false]);
    expect([start('2'), { type: 'content', value: 'Done.' } as AgentEvent, finished, end('2')].map(urgent)).toEqual([false, false, true, true]);
  });

  it('the end of the interaction and an approval to give, whatever came before', () => {
    const urgent = createUrgency();
    urgent(start('1'));
    urgent(call);
    const card = { callId: 'c', name: 'write_file', args: {}, summary: 'a.txt', index: 0 };
    expect(urgent({ type: 'tool_calls_update', value: [{ ...card, status: 'validating' }] })).toBe(false);
    expect(urgent({ type: 'tool_calls_update', value: [{ ...card, status: 'awaiting_approval' }] })).toBe(true);
    expect(urgent({ type: 'interaction_end', value: { outcome: 'completed' } })).toBe(true);
  });

  it("a subagent's approval to give: the task call's view has a nested call awaiting approval", () => {
    const urgent = createUrgency();
    urgent(start('1'));
    urgent(call);
    const task = { callId: 't', name: 'task', args: {}, summary: 'Look', index: 0, status: 'executing' as const };
    const nested = (status: 'executing' | 'awaiting_approval') => ({
      ...task,
      subagent: { description: 'Look', items: [{ type: 'round_trip' as const, ordinal: 1 }, { type: 'tool' as const, call: { callId: 'n', name: 'write_file', summary: 'a.txt', status } }] },
    });
    expect(urgent({ type: 'tool_calls_update', value: [task] })).toBe(false);
    expect(urgent({ type: 'tool_calls_update', value: [nested('executing')] })).toBe(false);
    expect(urgent({ type: 'tool_calls_update', value: [nested('awaiting_approval')] })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { PanelEvent } from './session-reducer';
import { paceOf } from './use-agent-session';

const agentEvent = (event: unknown, urgent?: true): PanelEvent => ({ type: 'agent-event', sessionId: 's1', event, ...(urgent ? { urgent } : {}) }) as PanelEvent;

describe('how soon a worker event is shown', () => {
  it('shows an event the worker marked urgent at once', () => {
    expect(paceOf(agentEvent({ type: 'interaction_end', value: { outcome: 'completed' } }, true))).toBe('now');
  });

  it('shows streamed words and thoughts at reading pace', () => {
    expect(paceOf(agentEvent({ type: 'content', value: 'Hello' }))).toBe('reading');
    expect(paceOf(agentEvent({ type: 'thought', value: { subject: 'Plan', description: '' } }))).toBe('reading');
  });

  it("shows the loop's cards and round trips at the loop's pace", () => {
    expect(paceOf(agentEvent({ type: 'tool_call_request', value: { callId: 'c1', name: 'read_file', args: {} } }))).toBe('loop');
    expect(paceOf(agentEvent({ type: 'round_trip_start', value: { roundTripId: 'r1', model: 'm' } }))).toBe('loop');
  });

  it('shows what the page asked for (a session opened, a pause) at the next frame', () => {
    expect(paceOf({ type: 'running', sessionId: 's1', running: true } as unknown as PanelEvent)).toBe('reading');
  });
});

import { describe, expect, it } from 'vitest';
import type { AgentEvent, ToolCallView } from '../agent/types';
import type { Content } from '../shared/content';
import { initialSessionView, itemsFromHistory, sessionReducer } from './session-reducer';
import type { SessionView } from './session-reducer';

function apply(events: AgentEvent[], state: SessionView = initialSessionView): SessionView {
  return events.reduce((current, event) => sessionReducer(current, { type: 'agent-event', event }), state);
}

const call = (status: ToolCallView['status']): ToolCallView => ({
  callId: 'c1',
  name: 'write_file',
  args: { file_path: 'a.txt', content: 'x' },
  summary: 'a.txt',
  status,
  index: 0,
});

describe('session reducer', () => {
  it('streams content chunks into one agent message and ends it when the round trip finishes', () => {
    const state = apply([
      { type: 'content', value: 'Hel' },
      { type: 'content', value: 'lo' },
      { type: 'finished', value: { reason: 'STOP' } },
    ]);
    expect(state.items).toEqual([expect.objectContaining({ type: 'agent', text: 'Hello', streaming: false })]);
  });

  it('shows the sources an answer cited as a note after it, as plain text', () => {
    const state = apply([
      { type: 'content', value: 'Quoted.' },
      { type: 'citation', value: 'Citations:\nhttps://example.org/<b>spec</b>' },
      { type: 'finished', value: { reason: 'STOP' } },
    ]);
    expect(state.items).toEqual([
      expect.objectContaining({ type: 'agent', text: 'Quoted.', streaming: false }),
      expect.objectContaining({ type: 'notice', message: 'Citations:\nhttps://example.org/<b>spec</b>' }),
    ]);
  });

  it('discards the half-rendered text of a failed attempt when a retry starts (A9)', () => {
    const state = apply([
      { type: 'content', value: 'partial' },
      { type: 'retry', value: { attempt: 1, maxRetries: 10, delayMs: 5000, reason: 'rate-limit', message: 'rate limited' } },
      { type: 'content', value: 'final' },
    ]);
    expect(state.items.map((item) => item.type)).toEqual(['notice', 'agent']);
    expect(state.items[0]).toMatchObject({ message: 'Retrying (attempt 1 of 10) in 5 s: rate limited' });
    expect(state.items[1]).toMatchObject({ text: 'final' });
  });

  it('updates a tool card in place as its status changes', () => {
    const state = apply([
      { type: 'tool_calls_update', value: [call('validating')] },
      { type: 'tool_calls_update', value: [call('awaiting_approval')] },
      { type: 'tool_calls_update', value: [call('success')] },
    ]);
    expect(state.items).toHaveLength(1);
    expect(state.items[0]).toMatchObject({ type: 'tool', call: { status: 'success' } });
  });

  it('joins thought pieces that continue the same subject', () => {
    const state = apply([
      { type: 'thought', value: { subject: 'Plan', description: 'read the' } },
      { type: 'thought', value: { subject: '', description: 'file first' } },
      { type: 'thought', value: { subject: 'Next', description: 'edit' } },
    ]);
    expect(state.items).toEqual([
      expect.objectContaining({ subject: 'Plan', description: 'read the file first' }),
      expect.objectContaining({ subject: 'Next', description: 'edit' }),
    ]);
  });

  it('makes a loop stop an alert that offers to disable detection', () => {
    const state = apply([{ type: 'loop_detected', value: { loopType: 'consecutive_identical_tool_calls' } }]);
    expect(state.items[0]).toMatchObject({ type: 'alert', action: 'disable-loop-detection' });
    expect(state.items[0]?.type === 'alert' && state.items[0].message).toContain('Loop detected');
  });
});

describe('transcript from stored history', () => {
  it('rebuilds messages and tool cards with statuses from their responses', () => {
    const history: Content[] = [
      { role: 'user', parts: [{ text: 'make files' }] },
      {
        role: 'model',
        parts: [
          { text: 'Sure.' },
          { functionCall: { id: 'a', name: 'write_file', args: { file_path: 'a.txt', content: '1' } } },
          { functionCall: { id: 'b', name: 'write_file', args: { file_path: 'b.txt', content: '2' } } },
          { functionCall: { id: 'c', name: 'read_file', args: { file_path: 'c.txt' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'a', name: 'write_file', response: { output: 'ok' } } },
          { functionResponse: { id: 'b', name: 'write_file', response: { error: '[Operation Cancelled] Reason: User did not allow tool call' } } },
          { functionResponse: { id: 'c', name: 'read_file', response: { error: 'File not found' } } },
          { text: '<system-reminder>hidden</system-reminder>' },
        ],
      },
      { role: 'model', parts: [{ text: 'Done', thought: false }] },
    ];
    const items = itemsFromHistory(history);
    expect(items.map((item) => (item.type === 'tool' ? `${item.call.name}:${item.call.status}` : item.type))).toEqual([
      'user',
      'agent',
      'write_file:success',
      'write_file:cancelled',
      'read_file:error',
      'agent',
    ]);
  });
});

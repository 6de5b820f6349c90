import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../agent/types';
import type { SubagentView } from '../../shared/subagent-view';
import { awaitingApproval, subagentSummary } from './subagent-region';
import { ToolCallCard } from './tool-call-card';

const view: SubagentView = {
  description: 'Find <b>x</b>',
  items: [
    { type: 'round_trip', ordinal: 1 },
    { type: 'tool', call: { callId: 'n1', name: 'write_file', summary: 'a.txt', status: 'awaiting_approval', preview: { type: 'text', text: 'write a' } } },
  ],
};
const task: ToolCallView = { callId: 't1', name: 'task', args: {}, summary: 'Find <b>x</b>', status: 'executing', index: 0, subagent: view };

describe('a task call on its card', () => {
  it('holds region Subagent, folded by default, saying how far the subagent is', () => {
    const html = renderToStaticMarkup(<ToolCallCard call={task} />);
    expect(html).toContain('<section class="subagent" aria-label="Subagent">');
    expect(html).toMatch(/<button type="button" class="subagent-toggle" aria-expanded="false"[^>]*>.*Subagent: 1 round-trip, 1 tool call, working<\/button>/);
    expect(html).not.toContain('Round-trip 1');
    // Names render as text.
    expect(html).not.toContain('<b>x</b>');
  });

  it('summarizes how the subagent ended', () => {
    expect(subagentSummary({ ...view, outcome: 'turn_limit' })).toBe('1 round-trip, 1 tool call, ended at its request limit');
  });

  it('offers a nested call that waits for approval, naming the subagent', () => {
    expect(awaitingApproval([task])).toEqual({
      call: expect.objectContaining({ callId: 'n1', name: 'write_file', summary: 'a.txt', status: 'awaiting_approval', preview: { type: 'text', text: 'write a' } }),
      subagent: 'Find <b>x</b>',
    });
    // The transcript's own call comes first; a finished subagent asks nothing.
    const own: ToolCallView = { callId: 'o1', name: 'edit', args: {}, summary: 'b.txt', status: 'awaiting_approval', index: 1 };
    expect(awaitingApproval([task, own])?.call.callId).toBe('o1');
    expect(awaitingApproval([{ ...task, status: 'cancelled' }])).toBeUndefined();
  });
});

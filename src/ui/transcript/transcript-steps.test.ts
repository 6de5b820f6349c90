import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../agent/types';
import type { TranscriptItem } from '../agent/session-reducer';
import { noteAnchors, repliesByEntry } from './transcript-steps';

const call = (callId: string, name: string, args: Record<string, unknown>): ToolCallView => ({ callId, name, args, summary: '', status: 'success', index: 0 });
const items: TranscriptItem[] = [
  { type: 'user', id: 'u1', text: 'first' },
  { type: 'agent', id: 'a1', text: 'Writing.', streaming: false },
  { type: 'tool', id: 'c1', call: call('c1', 'write_file', { file_path: 'a' }) },
  { type: 'tool', id: 'c2', call: call('c2', 'read_file', { file_path: 'b' }) },
  { type: 'agent', id: 'a2', text: 'Done.', streaming: false },
  { type: 'user', id: 'u2', text: 'second' },
];

describe('what the transcript works out per step', () => {
  it('gives each stored reply all of it: its texts and the calls after each (the reply as Edit reply shows it)', () => {
    const stored: TranscriptItem[] = items.map((item) => (item.type === 'agent' ? { ...item, entryId: item.id === 'a1' ? 'r1' : 'r2' } : item));
    expect(repliesByEntry(stored).get('r1')).toEqual({ text: 'Writing.', calls: [{ name: 'write_file', args: { file_path: 'a' } }, { name: 'read_file', args: { file_path: 'b' } }] });
    expect(repliesByEntry(stored).get('r2')).toEqual({ text: 'Done.', calls: [] });
    // A reply shown as two items (its text before and after a call, or continued after the output limit) is one entry.
    const split = stored.map((item) => (item.type === 'agent' ? { ...item, entryId: 'one' } : item));
    expect(repliesByEntry(split).get('one')).toEqual({ text: 'Writing.Done.', calls: [{ name: 'write_file', args: { file_path: 'a' } }, { name: 'read_file', args: { file_path: 'b' } }] });
    // Not stored yet: not offered.
    expect(repliesByEntry(items).size).toBe(0);
  });

  it('keys notes by place from the start, and only calls while the earlier history is still loading', () => {
    expect(Object.fromEntries(noteAnchors(items, true))).toEqual({ u1: 'message:1', a1: 'reply:1', c1: 'call:c1', c2: 'call:c2', a2: 'reply:2', u2: 'message:2' });
    expect(Object.fromEntries(noteAnchors(items, false))).toEqual({ c1: 'call:c1', c2: 'call:c2' });
  });
});

import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../agent/types';
import type { TranscriptItem } from '../agent/session-reducer';
import { callsAfterReplies, noteAnchors } from './transcript-steps';

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
  it('gives each reply the calls that followed its text (the reply as Edit reply shows it)', () => {
    expect(callsAfterReplies(items).get('a1')).toEqual([{ name: 'write_file', args: { file_path: 'a' } }, { name: 'read_file', args: { file_path: 'b' } }]);
    expect(callsAfterReplies(items).get('a2')).toEqual([]);
  });

  it('keys notes by place from the start, and only calls while the earlier history is still loading', () => {
    expect(Object.fromEntries(noteAnchors(items, true))).toEqual({ u1: 'message:1', a1: 'reply:1', c1: 'call:c1', c2: 'call:c2', a2: 'reply:2', u2: 'message:2' });
    expect(Object.fromEntries(noteAnchors(items, false))).toEqual({ c1: 'call:c1', c2: 'call:c2' });
  });
});

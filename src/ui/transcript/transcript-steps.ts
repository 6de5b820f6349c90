/** What the transcript works out per step: Restore's checkpoints, notes' keys, a fork's names for messages and replies. */
import type { EditedReply } from '../../shared/fork-point';
import { anchorKey } from '../../shared/notes';
import type { TranscriptItem } from '../agent/session-reducer';

/** For each user message, the checkpoints taken by the tool calls that answered it. */
export function checkpointsByItem(items: readonly TranscriptItem[], checkpoints: ReadonlyMap<string, string>): Map<string, string[]> {
  const result = new Map<string, string[]>();
  let owner: string | null = null;
  for (const item of items) {
    if (item.type === 'user') owner = item.id;
    if (item.type !== 'tool') continue;
    const checkpoint = checkpoints.get(item.call.callId);
    if (!checkpoint) continue;
    result.set(item.id, [checkpoint]);
    if (owner) result.set(owner, [...(result.get(owner) ?? []), checkpoint]);
  }
  return result;
}

/**
 * Each message's, reply's and call's note key: a message or reply by its place among its kind
 * from the session's start, which the page knows only once the whole history is loaded.
 */
export function noteAnchors(items: readonly TranscriptItem[], complete: boolean): Map<string, string> {
  const result = new Map<string, string>();
  const count = { user: 0, agent: 0 };
  for (const item of items) {
    if (item.type === 'tool') result.set(item.id, anchorKey({ kind: 'call', callId: item.call.callId }));
    else if ((item.type === 'user' || item.type === 'agent') && complete) {
      const ordinal = ++count[item.type];
      result.set(item.id, anchorKey({ kind: item.type === 'user' ? 'message' : 'reply', ordinal }));
    }
  }
  return result;
}

/**
 * Each stored reply whole, by its entry's id: the texts of the items that show it (its text may
 * come before and after its calls, and a continued reply shows as two) and the calls right after
 * each: the reply as the Edit reply dialog shows it, which replaces the whole entry.
 */
export function repliesByEntry(items: readonly TranscriptItem[]): Map<string, EditedReply> {
  const result = new Map<string, EditedReply>();
  let reply: EditedReply | null = null;
  for (const item of items) {
    if (item.type === 'agent') {
      reply = null;
      if (item.entryId === undefined) continue;
      reply = result.get(item.entryId) ?? { text: '', calls: [] };
      reply.text += item.text;
      result.set(item.entryId, reply);
    } else if (item.type === 'tool' && reply) reply.calls.push({ name: item.call.name, args: item.call.args });
    else if (item.type !== 'thought') reply = null;
  }
  return result;
}


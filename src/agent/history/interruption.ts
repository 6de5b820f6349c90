/**
 * Classify how the last turn of a stored history ended, from the history alone, so it
 * works after a reload (G1); and build what the `Continue` button sends, without storing
 * the prompt twice (G2). After Qwen's `turn-interruption.ts`. Pure reads; never mutate the
 * history.
 */
import type { Content, Part } from '../../shared/content';
import type { Interruption } from '../types';
import { errorFunctionResponse } from './function-response';
import { ORPHAN_TOOL_USE_REPAIR_REASON } from './orphan-repair';

/** Only this many trailing entries are classified (Qwen). */
export const TURN_INTERRUPTION_HISTORY_TAIL_COUNT = 50;

const SYSTEM_REMINDER_OPEN = '<system-reminder>';
const TASK_NOTIFICATION_OPEN = '<task-notification>';

/** A user entry whose every part is a text starting with `open`. */
function isUserEntryOf(content: Content, open: string): boolean {
  return (
    content.role === 'user' &&
    content.parts.length > 0 &&
    content.parts.every((part) => typeof part.text === 'string' && part.text.startsWith(open))
  );
}

/** Structural: injected by us, never a prompt that owes an answer. */
export function isSystemReminderContent(content: Content): boolean {
  return isUserEntryOf(content, SYSTEM_REMINDER_OPEN);
}

/** A background-task envelope recorded before its own turn ran. */
export function isTaskNotificationContent(content: Content): boolean {
  return isUserEntryOf(content, TASK_NOTIFICATION_OPEN);
}

function tailOf(history: readonly Content[]): readonly Content[] {
  return history.length > TURN_INTERRUPTION_HISTORY_TAIL_COUNT
    ? history.slice(-TURN_INTERRUPTION_HISTORY_TAIL_COUNT)
    : history;
}

/** End of the classifiable prefix: trailing task-notification entries do not count. */
function classifiedEnd(tail: readonly Content[]): number {
  let end = tail.length;
  for (let entry = tail[end - 1]; entry && isTaskNotificationContent(entry); entry = tail[end - 1]) end--;
  return end;
}

/** Start of the trailing run of user entries up to the first system-reminder-only one. */
function trailingUserStart(tail: readonly Content[]): number {
  let start = tail.length;
  for (let entry = tail[start - 1]; entry?.role === 'user' && !isSystemReminderContent(entry); entry = tail[start - 1]) {
    start--;
  }
  return start;
}

/** functionResponse parts first (they must answer the call before anything else), then the rest. */
function responsesFirst(parts: readonly Part[]): Part[] {
  return [...parts.filter((part) => part.functionResponse), ...parts.filter((part) => !part.functionResponse)];
}

/**
 * How the last turn ended (G1). `interrupted_prompt`: the tail is user entries (not system-reminder-only) that no
 * model reply followed; `interrupted_turn`: the tail is a model entry with id'd calls;
 * otherwise `none` (clean model text, which also covers a reply cut mid-stream — a
 * known blind spot — a reminder-only or notification-only tail, or no history).
 */
export function detectTurnInterruption(history: readonly Content[]): Interruption {
  const tail = tailOf(history);
  const last = tail[classifiedEnd(tail) - 1];
  if (!last) return { type: 'none' };

  if (last.role === 'user') {
    // Collect from the real end: trailing notifications ride along with the prompt,
    // because the Retry path strips every trailing user entry and re-pushes these parts.
    const parts = responsesFirst(tail.slice(trailingUserStart(tail)).flatMap((entry) => entry.parts));
    return parts.length > 0 ? { type: 'interrupted_prompt', parts } : { type: 'none' };
  }

  const dangling = last.parts.flatMap((part) =>
    part.functionCall?.id ? [{ callId: part.functionCall.id, name: part.functionCall.name }] : [],
  );
  return dangling.length > 0 ? { type: 'interrupted_turn', dangling } : { type: 'none' };
}

export type ResumeParts = { type: 'retry'; parts: Part[] } | { type: 'tool_result'; parts: Part[] };

/**
 * What `Continue` sends. `retry`: the interrupted prompt's parts again (responses
 * first), with no new user message in the transcript. `tool_result`: one ORPHAN error
 * response per dangling call, in call order, with no synthetic user text.
 */
export function resumeParts(interruption: Interruption): ResumeParts | null {
  switch (interruption.type) {
    case 'none':
      return null;
    case 'interrupted_prompt':
      return { type: 'retry', parts: responsesFirst(interruption.parts) };
    case 'interrupted_turn':
      return {
        type: 'tool_result',
        parts: interruption.dangling.map(({ callId, name }) =>
          errorFunctionResponse(callId, name, ORPHAN_TOOL_USE_REPAIR_REASON),
        ),
      };
  }
}

/**
 * Where a fork starts (issue 26): at a tool card (the history up to and including its batch of
 * results, the files right after that batch), at a person's message (the history and files
 * before it; the message goes back into the prompt), or at a model reply (the history before it,
 * the files as they were when it arrived), named by a Loop inspector round-trip or by an Agent
 * message. Messages and replies are named by their history entry's id (Content.entryId), which
 * the transcript learns as each is stored.
 *
 * A fork may change what the model saw (ForkEdit): a tool's result, or the reply itself (its
 * text and its calls' arguments, edited as JSON: `{"text": …, "calls": [{"name", "args"}]}`).
 */
import type { Content } from './content';
import { visibleText } from './content';
export type ForkPoint =
  | { kind: 'call'; callId: string }
  | { kind: 'message'; entryId: string }
  | { kind: 'reply'; entryId: string }
  | { kind: 'reply'; roundTripId: string };

export interface EditedReply {
  text: string;
  calls: { name: string; args: Record<string, unknown> }[];
}

export type ForkEdit = { kind: 'result'; text: string } | { kind: 'reply'; reply: EditedReply };

/** A model reply (a history entry) as an EditedReply: its visible text and its calls. */
export function editedReplyOf(reply: Content | undefined): EditedReply {
  return {
    text: reply ? visibleText(reply) : '',
    calls: (reply?.parts ?? []).flatMap((part) => (part.functionCall ? [{ name: part.functionCall.name, args: part.functionCall.args }] : [])),
  };
}

/** A reply as the Edit reply dialog shows it. */
export function editableReply(reply: EditedReply): string {
  return JSON.stringify(reply, null, 2);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The dialog's text back as a reply, or what is wrong with it. */
export function parseEditedReply(text: string): { reply: EditedReply } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (thrown) {
    return { error: `The reply is not valid JSON: ${thrown instanceof Error ? thrown.message : String(thrown)}` };
  }
  if (!isObject(value) || typeof value.text !== 'string') return { error: 'The reply must be an object with "text" (a string) and "calls" (a list).' };
  const calls = value.calls ?? [];
  if (!Array.isArray(calls)) return { error: '"calls" must be a list of {"name": …, "args": {…}}.' };
  const parsed: EditedReply['calls'] = [];
  for (const [index, call] of calls.entries()) {
    if (!isObject(call) || typeof call.name !== 'string' || call.name.trim() === '') return { error: `Call ${index + 1} needs a "name" (the tool's name).` };
    const args = call.args ?? {};
    if (!isObject(args)) return { error: `The "args" of call ${index + 1} (${call.name}) must be an object.` };
    parsed.push({ name: call.name.trim(), args });
  }
  if (value.text.trim() === '' && parsed.length === 0) return { error: 'The reply is empty: give it some text or a call.' };
  return { reply: { text: value.text, calls: parsed } };
}

/** Where a fork from a step came from (SessionRecord.forkedFrom). */
export interface ForkOrigin {
  sessionId: string;
  /** The title when the fork was made (the session may be renamed or deleted since). */
  title: string;
  roundTrip: number;
  /** The session forked is a recording (a link, a file, a lesson): Replay from here plays what followed. */
  recording?: true;
  /** What the fork changed of what the model saw (Edit result and fork, Edit reply and fork), as the person saw it and as edited. */
  edit?: { kind: 'result'; callId: string; original: string; edited: string } | { kind: 'reply'; original: string; edited: string };
}

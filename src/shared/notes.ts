/**
 * Notes beside the steps of a session (issue 26): a teacher's words on a message, a reply, a
 * tool call or a Loop inspector round-trip, kept with the session and in its links and files,
 * and shown (as text, never markup) when a replay reaches the step.
 *
 * A note is keyed by an anchor that survives a link and a replay: a person's message and a
 * reply by their place among their kind from the session's start (1 for the first), a tool call
 * by its id, a round-trip by its place among the session's round-trips.
 */
import { NOTE_MAX_CHARS } from './limits';

export type NoteAnchor = { kind: 'message' | 'reply' | 'round-trip'; ordinal: number } | { kind: 'call'; callId: string };

export function anchorKey(anchor: NoteAnchor): string {
  return anchor.kind === 'call' ? `call:${anchor.callId}` : `${anchor.kind}:${anchor.ordinal}`;
}

/** A key as a link or file carries it: one of the four kinds, an ordinal from 1 or a call id. */
export const ANCHOR_KEY = /^(?:(?:message|reply|round-trip):[1-9][0-9]{0,6}|call:[\x21-\x7e]{1,200})$/;

/** Control characters other than tab and line breaks. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** Why a note cannot be kept as written, or null. Markup is fine: a note is only ever shown as text. */
export function noteProblem(text: string): string | null {
  if (text.length > NOTE_MAX_CHARS) return `A note holds at most ${NOTE_MAX_CHARS.toLocaleString('en')} characters; this one has ${text.length.toLocaleString('en')}.`;
  if (CONTROL.test(text)) return 'A note holds plain text: it has control characters (invisible or direction-changing ones), which were not kept. Remove them and save again.';
  return null;
}

/** The notes of a link or file that can be kept (a hostile document's others are dropped). */
export function keptNotes(notes: Record<string, unknown> | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, text] of Object.entries(notes ?? {})) {
    if (ANCHOR_KEY.test(key) && typeof text === 'string' && text.trim() !== '' && noteProblem(text) === null) kept[key] = text;
  }
  return kept;
}

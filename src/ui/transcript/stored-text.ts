/**
 * What the editor does when the stored text of its file changes (pure, so the race below is
 * testable without a browser). `base` is the stored text the editor was last in step with,
 * `text` what it shows, `ownSaves` the texts it saved whose echo has not come back yet.
 *
 * The race: two saves in a row (an autosave, then another) send A and then AB; the store's echo
 * of A can arrive after AB was sent. That echo is the editor's own past, not someone else's
 * write, so it must not raise a conflict.
 */
import type { AppError } from '../../shared/errors';

export type StoredTextAction =
  | { type: 'none' }
  /** Show the stored text (the person had no unsaved edits). */
  | { type: 'replace' }
  /** The person's text is what is now stored: in step, nothing unsaved. */
  | { type: 'in-step' }
  /** Someone else changed the file under unsaved edits: the person chooses. */
  | { type: 'conflict' };

export function onStoredText(state: { stored: string; base: string; text: string; ownSaves: string[] }): { action: StoredTextAction; ownSaves: string[] } {
  const { stored, base, text } = state;
  const echo = state.ownSaves.indexOf(stored);
  // Echoes come back in order: everything up to this one has come back too.
  const ownSaves = echo >= 0 ? state.ownSaves.slice(echo + 1) : state.ownSaves;
  if (stored === base || echo >= 0) return { action: { type: 'none' }, ownSaves };
  if (text === base) return { action: { type: 'replace' }, ownSaves };
  if (text === stored) return { action: { type: 'in-step' }, ownSaves };
  return { action: { type: 'conflict' }, ownSaves };
}

/**
 * The editor's saves. A save is sent as a request, and only the store's answer makes it saved:
 * until then the file keeps its unsaved mark. Saves are numbered; the newest one sent decides
 * what the person sees (an older answer, arriving late, only tells what is stored meanwhile).
 */
export interface SaveState {
  /** The stored text the editor was last in step with. */
  base: string;
  /** Texts saved from here whose echo from the store has not come back yet. */
  ownSaves: string[];
  /** The newest save sent whose answer has not come back. */
  pending: { seq: number; text: string } | null;
  /** Number of the newest save sent. */
  seq: number;
  /** Number of the newest save the store has answered ok. */
  confirmed: number;
}

export function initialSaveState(stored: string): SaveState {
  return { base: stored, ownSaves: [], pending: null, seq: 0, confirmed: 0 };
}

/** A new save of `text`; null when that text is already stored or on its way (unless `force`: the person chose their version). */
export function startSave(state: SaveState, text: string, force = false): SaveState | null {
  if (!force && text === (state.pending?.text ?? state.base)) return null;
  const seq = state.seq + 1;
  return { ...state, seq, pending: { seq, text }, ownSaves: [...state.ownSaves, text] };
}

/**
 * The answer to save number `seq`. `saved` and `failed` are for the newest save; `superseded`
 * means a newer save is on its way and decides. A failed save's echo never comes, so it leaves
 * `ownSaves` (a later write of the same text by someone else is then not taken for ours).
 */
export function onSaveAnswer(state: SaveState, answer: { seq: number; text: string; ok: boolean }): { state: SaveState; outcome: 'saved' | 'failed' | 'superseded' } {
  let next = state;
  if (answer.ok && answer.seq > state.confirmed) next = { ...next, base: answer.text, confirmed: answer.seq };
  if (!answer.ok) {
    const at = next.ownSaves.lastIndexOf(answer.text);
    if (at >= 0) next = { ...next, ownSaves: next.ownSaves.filter((_, index) => index !== at) };
  }
  if (state.pending?.seq !== answer.seq) return { state: next, outcome: 'superseded' };
  return { state: { ...next, pending: null }, outcome: answer.ok ? 'saved' : 'failed' };
}

/** Text of a file whose save failed after its editor closed, kept until it is stored, and why it failed. */
export interface UnsavedDraft {
  text: string;
  error: AppError;
}

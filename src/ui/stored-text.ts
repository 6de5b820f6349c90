/**
 * What the editor does when the stored text of its file changes (pure, so the race below is
 * testable without a browser). `base` is the stored text the editor was last in step with,
 * `text` what it shows, `ownSaves` the texts it saved whose echo has not come back yet.
 *
 * The race: two saves in a row (an autosave, then another) send A and then AB; the store's echo
 * of A can arrive after AB was sent. That echo is the editor's own past, not someone else's
 * write, so it must not raise a conflict.
 */
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

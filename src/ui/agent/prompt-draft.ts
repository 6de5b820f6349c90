/**
 * What is typed in the prompt and not sent yet, kept in this tab's sessionStorage as it changes,
 * so a reload (or a crashed tab) gives it back instead of an empty box (tab-storage.ts). Only
 * text: attachments are not kept with a draft.
 */
import { keepText, readKeptText, tabStorage } from './tab-storage';
import type { Slot } from './tab-storage';

const KEY = 'loopscope.prompt-draft';

/** Keeps the prompt's text (blank: forgets it); a full or refused storage keeps nothing. */
export function keepDraft(text: string, storage: Slot | null = tabStorage()): void {
  keepText(KEY, text, storage);
}

/** The draft the last page of this tab kept, or null; reads only. */
export function readDraft(storage: Slot | null = tabStorage()): string | null {
  return readKeptText(KEY, storage);
}

/**
 * The prompt a new page starts with: what the last page gave back (steering messages, an unsent
 * message) and the draft after it. A draft that already holds them (the last page showed them in
 * the box, and the box was kept as typed) stands alone, so nothing comes back twice.
 */
export function restoredPrompt(givenBack: readonly string[], draft: string | null): string {
  const given = givenBack.join('\n\n');
  if (draft === null) return given;
  if (given === '' || draft.includes(given)) return draft;
  return `${given}\n\n${draft}`;
}

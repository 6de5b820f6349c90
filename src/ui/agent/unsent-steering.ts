/**
 * Steering messages that wait for the run (agent/steering.ts) live only in the worker's inbox
 * until they join: a reload or a crashed tab ends the run and the inbox with it. So the page
 * keeps their texts in this tab's sessionStorage while they wait (as unsent-message.ts keeps a
 * message the worker has not stored), and the next page gives them back in the prompt, in order,
 * not sent: nothing runs without the person.
 */
import { keepText, tabStorage } from './tab-storage';
import type { Slot } from './tab-storage';

const KEY = 'loopscope.unsent-steering';

/** Keeps the waiting messages' texts (none: forgets them); a full or refused storage keeps nothing. */
export function keepUnsentSteering(texts: readonly string[], storage: Slot | null = tabStorage()): void {
  keepText(KEY, texts.length === 0 ? '' : JSON.stringify(texts), storage);
}

/** The texts the last page of this tab kept, oldest first; reads only. */
export function readUnsentSteering(storage: Slot | null = tabStorage()): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((text): text is string => typeof text === 'string' && text.trim() !== '') : [];
  } catch {
    return [];
  }
}

/**
 * A sent message that the worker has not stored yet (it waits for the sandbox or the worker
 * to start, up to WebContainer's boot timeout) is kept in this tab's sessionStorage, so a
 * reload or a crashed tab before it is stored gives it back in the prompt instead of losing
 * it. sessionStorage: it survives a reload and belongs to one tab, so a second tab never
 * takes another tab's message. It is given back, not sent: nothing runs without the person.
 */

const KEY = 'loopscope.unsent-message';

export type Slot = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** This tab's sessionStorage, or null where the browser refuses it (then nothing is kept). */
export function tabStorage(): Slot | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps `text` until forgetUnsent(); a full or refused storage keeps nothing (the send goes on). */
export function keepUnsent(text: string, storage: Slot | null = tabStorage()): void {
  try {
    storage?.setItem(KEY, text);
  } catch {
    // Nothing to keep it in: the message is sent as before.
  }
}

export function forgetUnsent(storage: Slot | null = tabStorage()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Already gone with the storage.
  }
}

/** The message kept by the last page of this tab, if it was never stored; reads only. */
export function readUnsent(storage: Slot | null = tabStorage()): string | null {
  try {
    const text = storage?.getItem(KEY) ?? null;
    return text && text.trim() ? text : null;
  } catch {
    return null;
  }
}

export const UNSENT_NOTICE = 'Your last message had not been saved when the page closed, so it did not run. It is back in the prompt: press Enter to send it.';

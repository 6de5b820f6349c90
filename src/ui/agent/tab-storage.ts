/**
 * This tab's sessionStorage, for what a reload or a crashed tab must give back: an unsent
 * message (unsent-message.ts), steering messages still waiting (unsent-steering.ts), the
 * prompt's draft (prompt-draft.ts). It survives a reload and belongs to one tab, so a second tab
 * never takes another tab's text. A storage that is full, disabled or missing keeps nothing, and
 * nothing here throws.
 */

export type Slot = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** This tab's sessionStorage, or null where the browser refuses it (then nothing is kept). */
export function tabStorage(): Slot | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps `text` under `key`; blank text forgets it. */
export function keepText(key: string, text: string, storage: Slot | null): void {
  try {
    if (text.trim() === '') storage?.removeItem(key);
    else storage?.setItem(key, text);
  } catch {
    // Nothing to keep it in: the page goes on as before.
  }
}

/** The text kept under `key`, unless blank or unreadable; reads only. */
export function readKeptText(key: string, storage: Slot | null): string | null {
  try {
    const text = storage?.getItem(key) ?? null;
    return text && text.trim() ? text : null;
  } catch {
    return null;
  }
}

/**
 * A sent message that the worker has not stored yet (it waits for the sandbox or the worker
 * to start, up to WebContainer's boot timeout) is kept in this tab's sessionStorage, so a
 * reload or a crashed tab before it is stored gives it back in the prompt instead of losing
 * it. sessionStorage: it survives a reload and belongs to one tab, so a second tab never
 * takes another tab's message. It is given back, not sent: nothing runs without the person.
 * Its attached images are kept beside it, under a key of their own; those that do not fit in
 * the tab's storage (a few MB) are counted instead, so the notice can say to attach them again.
 */
import { PROMPT_IMAGE_TYPES } from '../../shared/prompt-images';
import type { PromptImage } from '../../shared/prompt-images';
import { PROMPT_IMAGES_MAX } from '../../shared/limits';
import { readKeptText, tabStorage } from './tab-storage';
import type { Slot } from './tab-storage';

const KEY = 'loopscope.unsent-message';
const IMAGES_KEY = 'loopscope.unsent-images';
/**
 * What the images may take in the tab's storage, in characters of base64. Chromium holds about
 * 5 million characters an origin: larger images are counted at once, without building (on the
 * page's thread) a text the storage would refuse anyway.
 */
const UNSENT_IMAGES_MAX_CHARS = 4_000_000;


/**
 * Keeps `text` and its `images` until forgetUnsent(); a full or refused storage keeps nothing
 * (the send goes on). Images that do not fit are kept as their count.
 */
export function keepUnsent(text: string, images: readonly PromptImage[] = [], storage: Slot | null = tabStorage()): void {
  try {
    storage?.setItem(KEY, text);
  } catch {
    // Nothing to keep it in: the message is sent as before.
    return;
  }
  keepImages(images, storage);
}

/** Keeps the images beside the text, or their count when the storage cannot hold them. */
function keepImages(images: readonly PromptImage[], storage: Slot | null): void {
  try {
    if (images.length === 0) return storage?.removeItem(IMAGES_KEY);
    if (images.reduce((sum, image) => sum + image.data.length, 0) <= UNSENT_IMAGES_MAX_CHARS) return storage?.setItem(IMAGES_KEY, JSON.stringify({ images }));
  } catch {
    // Refused (full): counted below.
  }
  try {
    storage?.setItem(IMAGES_KEY, JSON.stringify({ images: [], dropped: images.length }));
  } catch {
    // Not even the count: the text alone comes back.
  }
}

export function forgetUnsent(storage: Slot | null = tabStorage()): void {
  try {
    storage?.removeItem(KEY);
    storage?.removeItem(IMAGES_KEY);
  } catch {
    // Already gone with the storage.
  }
}

/** The images kept with the unsent message, and how many could not be kept; reads only. Anything malformed is left out. */
export function readUnsentImages(storage: Slot | null = tabStorage()): { images: PromptImage[]; dropped: number } {
  try {
    const kept = JSON.parse(storage?.getItem(IMAGES_KEY) ?? 'null') as { images?: unknown; dropped?: unknown } | null;
    const listed = Array.isArray(kept?.images) ? (kept.images as unknown[]) : [];
    const images = listed.filter(isPromptImage).slice(0, PROMPT_IMAGES_MAX);
    const dropped = typeof kept?.dropped === 'number' && Number.isInteger(kept.dropped) && kept.dropped > 0 ? kept.dropped : 0;
    return { images, dropped: Math.min(dropped + listed.length - images.length, PROMPT_IMAGES_MAX) };
  } catch {
    return { images: [], dropped: 0 };
  }
}

function isPromptImage(value: unknown): value is PromptImage {
  if (typeof value !== 'object' || value === null) return false;
  const { name, mimeType, data } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof mimeType === 'string' && PROMPT_IMAGE_TYPES.includes(mimeType) && typeof data === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(data);
}

/** The message kept by the last page of this tab, if it was never stored; reads only. */
export function readUnsent(storage: Slot | null = tabStorage()): string | null {
  return readKeptText(KEY, storage);
}


export const UNSENT_NOTICE = 'Your last message had not been saved when the page closed, so it did not run. It is back in the prompt: press Enter to send it.';

/** The notice, with what became of the message's images when some could not be kept. */
export function unsentNotice(droppedImages: number): string {
  if (droppedImages === 0) return UNSENT_NOTICE;
  const them = droppedImages === 1 ? 'Its image' : `${droppedImages} of its images`;
  return `${UNSENT_NOTICE} ${them} did not fit in this tab's storage: attach ${droppedImages === 1 ? 'it' : 'them'} again before sending.`;
}

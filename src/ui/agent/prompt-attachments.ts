/**
 * What goes with the next message besides its text, listed above the prompt (list
 * `Attachments`, each item with `Remove <name>`). One union, one list: an image the person
 * pasted, dropped or attached now; further kinds (an element picked in the Preview) join as
 * members of their own, each saying how it is named and what it sends.
 */
import { newId } from '../../shared/ids';
import { decodedBytes } from '../../shared/prompt-images';
import type { PromptImage } from '../../shared/prompt-images';

export interface ImageAttachment {
  type: 'image';
  /** Unique in the list: React's key and what Remove names. */
  id: string;
  /** The file's name, shown as text. */
  name: string;
  mimeType: string;
  /** The bytes sent, base64 (after any downscale). */
  data: string;
  /** Bytes after any downscale. */
  bytes: number;
  /** Said beside the name, e.g. that it was made smaller. */
  note?: string;
}

export type PromptAttachment = ImageAttachment;

/** The name an attachment goes by in the list and its Remove button. */
export function attachmentName(attachment: PromptAttachment): string {
  switch (attachment.type) {
    case 'image':
      return attachment.name;
  }
}

/** The images among the attachments, as they cross to the worker. */
export function attachedImages(attachments: readonly PromptAttachment[]): PromptImage[] {
  return attachments.flatMap((attachment) =>
    attachment.type === 'image' ? [{ name: attachment.name, mimeType: attachment.mimeType, data: attachment.data }] : [],
  );
}

/** An image that went out with a message, as an attachment again (a steering message given back). */
export function imageAttachment(image: PromptImage): ImageAttachment {
  return { type: 'image', id: newId('attachment'), name: image.name, mimeType: image.mimeType, data: image.data, bytes: decodedBytes(image.data) };
}

/** Attachments given back (a message not accepted) come before those added meanwhile, each once. */
export function withGivenBack(current: readonly PromptAttachment[], given: readonly PromptAttachment[]): PromptAttachment[] {
  const ids = new Set(current.map((attachment) => attachment.id));
  return [...given.filter((attachment) => !ids.has(attachment.id)), ...current];
}

/** Names made unique within the list (`shot.png`, `shot (2).png`), so each Remove button is named apart. */
export function uniqueName(name: string, taken: readonly string[]): string {
  if (!taken.includes(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let count = 2; ; count++) {
    const candidate = `${stem} (${count})${extension}`;
    if (!taken.includes(candidate)) return candidate;
  }
}

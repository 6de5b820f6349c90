/**
 * What goes with the next message besides its text, listed above the prompt (list
 * `Attachments`, each item with `Remove <name>`). One union, one list: an image the person
 * pasted, dropped or attached now; further kinds (an element picked in the Preview) join as
 * members of their own, each saying how it is named and what it sends.
 */
import { newId } from '../../shared/ids';
import { decodedBytes } from '../../shared/prompt-images';
import type { PromptImage } from '../../shared/prompt-images';
import type { ElementPick } from '../preview/picked-elements';

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

/** An element the person picked in the Preview (ui/preview/picked-elements.ts). */
export interface ElementAttachment {
  type: 'element';
  id: string;
  /** `Element: <selector>`. */
  name: string;
  selector: string;
  tag: string;
  /** Its text as the page shows it, capped. */
  text: string;
  /** The workspace page it is on. */
  page: string;
  /** Where the workspace's files write it, when they tell. */
  source: { file: string; line: number } | null;
  /** The element and its surroundings, outlined (PNG, base64). */
  image: { mimeType: string; data: string } | null;
}

export type PromptAttachment = ImageAttachment | ElementAttachment;

/** The name an attachment goes by in the list and its Remove button. */
export function attachmentName(attachment: PromptAttachment): string {
  switch (attachment.type) {
    case 'image':
    case 'element':
      return attachment.name;
  }
}

/** The file name an element's image goes by. */
const elementImageName = (attachment: ElementAttachment) => `element ${attachment.selector.replace(/[^\w#.-]+/g, '_').slice(0, 60)}.png`;

/** The images among the attachments, as they cross to the worker. */
export function attachedImages(attachments: readonly PromptAttachment[]): PromptImage[] {
  return attachments.flatMap((attachment) => {
    if (attachment.type === 'image') return [{ name: attachment.name, mimeType: attachment.mimeType, data: attachment.data }];
    return attachment.image ? [{ name: elementImageName(attachment), mimeType: attachment.image.mimeType, data: attachment.image.data }] : [];
  });
}

/**
 * The message's text with what the picked elements say appended: which element (its selector,
 * tag and text) of which page, and where the files write it, so the model can find it. Its
 * image, when there is one, goes as an image part (attachedImages).
 */
export function withAttachedElements(text: string, attachments: readonly PromptAttachment[]): string {
  const blocks = attachments.flatMap((attachment) => {
    if (attachment.type !== 'element') return [];
    const lines = [`[Element picked in the Preview of ${attachment.page}: ${attachment.selector} (<${attachment.tag}>)`];
    if (attachment.source) lines.push(`written at ${attachment.source.file}:${attachment.source.line}`);
    if (attachment.text) lines.push(`its text: ${JSON.stringify(attachment.text)}`);
    if (attachment.image) lines.push(`an image of it, outlined, is attached as ${elementImageName(attachment)}`);
    return [`${lines.join('; ')}]`];
  });
  return blocks.length === 0 ? text : `${text}\n\n${blocks.join('\n')}`;
}

/** An image that went out with a message, as an attachment again (a steering message given back). */
export function imageAttachment(image: PromptImage): ImageAttachment {
  return { type: 'image', id: newId('attachment'), name: image.name, mimeType: image.mimeType, data: image.data, bytes: decodedBytes(image.data) };
}

/** A pick in the Preview as an attachment. */
export function elementAttachment(pick: ElementPick): ElementAttachment {
  return {
    type: 'element',
    id: newId('attachment'),
    name: `Element: ${pick.element.selector}`,
    selector: pick.element.selector,
    tag: pick.element.tag,
    text: pick.element.text,
    page: pick.page,
    source: pick.source,
    image: pick.crop ? { mimeType: pick.crop.mimeType, data: pick.crop.data } : null,
  };
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

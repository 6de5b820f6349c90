/**
 * Images the person attached to messages (shared/prompt-images.ts) in a share link: base64 that
 * barely compresses, so one photo can push a link past what is practical to paste. When the
 * link would be longer than `limit`, images are left out of it, largest first, until it fits
 * (or none is left); small ones stay where the link stays under its limit. Each image left out
 * is named in a note on its message (the note a replay shows there) and in the document's notes;
 * the session file keeps every image.
 *
 * An image goes from the message's history entry and from any request that carried it written
 * out whole (requests that equal a history entry name it by index, so they lose it with the
 * entry): a reader's replay and the Loop inspector see the same conversation without it.
 */
import type { Content, Part } from '../shared/content';
import { NOTE_MAX_CHARS } from '../shared/limits';
import { isPersonText } from '../shared/mentions';
import { anchorKey } from '../shared/notes';
import { decodedBytes } from '../shared/prompt-images';
import type { SessionDocument } from './document';

export interface FittedLink {
  document: SessionDocument;
  fragment: string;
  /** The images left out, in the order they were. */
  leftOut: { name: string; bytes: number; message: number }[];
}

interface AttachedImage {
  entry: number;
  data: string;
  name: string;
  /** The message's place among the person's messages (the note's anchor, shared/notes.ts). */
  message: number;
}

/** The person's images in the history, each with the message that carried it (counted as the transcript counts them). */
function attachedImages(history: readonly Content[]): AttachedImage[] {
  const found: AttachedImage[] = [];
  let messages = 0;
  history.forEach((content, entry) => {
    if (content.role !== 'user') return;
    const first = messages + 1;
    for (const part of content.parts) if (typeof part.text === 'string' && !part.thought && isPersonText(part.text)) messages++;
    for (const part of content.parts) {
      if (part.inlineData?.mimeType.startsWith('image/')) found.push({ entry, data: part.inlineData.data, name: part.inlineData.displayName ?? 'an image', message: first });
    }
  });
  return found;
}

const withoutData = (parts: readonly Part[], gone: ReadonlySet<string>): Part[] => parts.filter((part) => !(part.inlineData && gone.has(part.inlineData.data)));

function kb(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The document without the images whose data is in `gone`, with a note for each on its message. */
function leaveOut(document: SessionDocument, images: readonly AttachedImage[], limit: number): SessionDocument {
  const gone = new Set(images.map((image) => image.data));
  const entries = new Set(images.map((image) => image.entry));
  const history = document.history.map((content, index) => (entries.has(index) ? { ...content, parts: withoutData(content.parts, gone) } : content));
  const roundTrips = document.roundTrips.map((roundTrip) =>
    roundTrip.tail.some((content) => typeof content !== 'number' && content.parts.some((part) => part.inlineData && gone.has(part.inlineData.data)))
      ? { ...roundTrip, tail: roundTrip.tail.map((content) => (typeof content === 'number' ? content : { ...content, parts: withoutData(content.parts, gone) })) }
      : roundTrip,
  );
  const annotations: Record<string, string> = { ...document.annotations };
  const notes = [...(document.notes ?? [])];
  for (const image of images) {
    const said = `${image.name} (${kb(decodedBytes(image.data))}) was left out of this link, which holds at most ${kb(limit)}; the session file keeps it.`;
    const key = anchorKey({ kind: 'message', ordinal: image.message });
    annotations[key] = (annotations[key] ? `${annotations[key]}\n\n${said}` : said).slice(0, NOTE_MAX_CHARS);
    notes.push(`Message ${image.message}: ${said}`);
  }
  return { ...document, history, roundTrips, annotations, notes };
}

/** The link of `document` (made by `encode`), with images left out, largest first, until it is at most `limit` characters. */
export function fitLinkImages(document: SessionDocument, limit: number, encode: (document: SessionDocument) => string): FittedLink {
  const full = encode(document);
  const images = attachedImages(document.history as Content[]);
  if (full.length <= limit || images.length === 0) return { document, fragment: full, leftOut: [] };
  // Largest first; one larger than the whole link can never stay, so those go in the first step.
  const bySize = [...images].sort((a, b) => b.data.length - a.data.length);
  let count = Math.max(1, bySize.filter((image) => image.data.length > limit).length);
  for (;;) {
    const dropped = bySize.slice(0, count);
    const fitted = leaveOut(document, dropped, limit);
    const fragment = encode(fitted);
    if (fragment.length <= limit || count >= bySize.length) {
      const order = images.filter((image) => dropped.includes(image));
      return { document: fitted, fragment, leftOut: order.map((image) => ({ name: image.name, bytes: decodedBytes(image.data), message: image.message })) };
    }
    count++;
  }
}

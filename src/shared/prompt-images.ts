/**
 * Images the person attaches to a message (paste, drop or Attach image): PNG, JPEG, WebP or
 * GIF, each at most PROMPT_IMAGE_MAX_BYTES after the page's downscale, at most PROMPT_IMAGES_MAX
 * per message. They travel with the message's text as inlineData parts of the same user entry
 * (the Gemini adapter sends them as they are, the OpenAI one as `image_url` data URLs) and are
 * stored with it, as an MCP result's images are; the file's name rides along as `displayName`
 * for the transcript and is never sent to a model.
 *
 * Decision: the bytes live in the history entry (base64), as an MCP result's images do, not in a
 * table of their own referenced by hash. A commit writes only the entries that changed and a
 * round-trip stores only what its request adds to the one before (store/round-trips.ts), so an
 * image is stored twice in all (its entry, and the round-trip that first sent it), not once per
 * request; and the agent, the Loop inspector, session documents and replays read it where every
 * other part is, with no second lookup that could miss. Revisit if sessions with many large
 * images become common (a store-side table keyed by content hash, resolved on load).
 */
import type { Content, Part } from './content';
import { PROMPT_IMAGES_MAX, PROMPT_IMAGE_MAX_BYTES } from './limits';

/** An image as it crosses from the page to the worker: bytes as base64. */
export interface PromptImage {
  name: string;
  mimeType: string;
  /** base64 */
  data: string;
}

export const PROMPT_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** The bytes base64 `data` decodes to, counted from its length. */
export function decodedBytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

/** Why these images cannot go with a message, or null when they can. */
export function promptImagesProblem(images: readonly PromptImage[]): string | null {
  if (images.length > PROMPT_IMAGES_MAX) return `A message takes at most ${PROMPT_IMAGES_MAX} images.`;
  for (const image of images) {
    if (!PROMPT_IMAGE_TYPES.includes(image.mimeType)) return `${image.name} is ${image.mimeType || 'of no known type'}: attach a PNG, JPEG, WebP or GIF image.`;
    if (decodedBytes(image.data) > PROMPT_IMAGE_MAX_BYTES) return `${image.name} is over ${PROMPT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
  }
  return null;
}

/** The parts that carry the images, after the message's text. */
export function promptImageParts(images: readonly PromptImage[]): Part[] {
  return images.map((image) => ({ inlineData: { mimeType: image.mimeType, data: image.data, displayName: image.name } }));
}

/** The images a person's message carried (its own inlineData parts), for the transcript. */
export function promptImagesOf(content: Content): PromptImage[] {
  if (content.role !== 'user') return [];
  return content.parts.flatMap((part, index) =>
    part.inlineData?.mimeType.startsWith('image/')
      ? [{ name: part.inlineData.displayName ?? `image ${index}`, mimeType: part.inlineData.mimeType, data: part.inlineData.data }]
      : [],
  );
}

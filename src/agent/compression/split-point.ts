/**
 * Where to cut history for compression (I2). Everything before the returned index is
 * summarized; everything from it on is kept verbatim. The cut is made only before a user
 * turn that carries no functionResponse (a real user message), so a functionCall and its
 * functionResponse always stay on the same side, and the kept tail starts with a user turn.
 */
import type { Content } from '../../shared/content';

/**
 * Index of the oldest content to keep, aiming to keep the newest `preserveFraction` of the
 * history by JSON character count. Returns the first valid cut at or past the target; else
 * `contents.length` (compress everything) when the history ends with a model turn that has no
 * functionCall; else the last valid cut before the target. 0 means "nothing to compress".
 */
export function findCompressSplitPoint(contents: readonly Content[], preserveFraction: number): number {
  if (!(preserveFraction > 0 && preserveFraction < 1)) {
    throw new RangeError(`preserveFraction must be between 0 and 1, got ${preserveFraction}`);
  }
  const sizes = contents.map((content) => JSON.stringify(content).length);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const target = total * (1 - preserveFraction);

  let lastCut = 0;
  let before = 0;
  for (const [index, content] of contents.entries()) {
    if (isCutPoint(content)) {
      if (before >= target) return index;
      lastCut = index;
    }
    before += sizes[index] ?? 0;
  }

  const last = contents[contents.length - 1];
  if (last?.role === 'model' && !last.parts.some((part) => part.functionCall)) return contents.length;
  return lastCut;
}

/** A user turn with no functionResponse: cutting before it separates no call from its response. */
function isCutPoint(content: Content): boolean {
  return content.role === 'user' && !content.parts.some((part) => part.functionResponse);
}

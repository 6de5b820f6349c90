/**
 * "Content chanting", an opt-in heuristic (H4): the streamed text repeats the same
 * fixed-size chunk many times close together. Markdown structure (fences, tables, list
 * items, headings, blockquotes, dividers) legitimately repeats, so it resets tracking, and
 * text inside code blocks is ignored.
 */

export interface ContentLoopOptions {
  /** Chunk length in characters. Default 50. */
  contentChunkSize: number;
  /** Occurrences of one chunk that count as chanting. Default 10. */
  contentLoopThreshold: number;
  /** Characters of recent text kept. Default 1000. */
  contentHistoryLimit: number;
}

export const DEFAULT_CONTENT_LOOP_OPTIONS: ContentLoopOptions = {
  contentChunkSize: 50,
  contentLoopThreshold: 10,
  contentHistoryLimit: 1000,
};

/** Average distance between the last `threshold` occurrences must be ≤ this × chunk size. */
const MAX_AVERAGE_DISTANCE_IN_CHUNKS = 1.5;

export interface ContentLoopTracker {
  /** Feeds one streamed text delta; true when chanting is detected. */
  add(text: string): boolean;
  /** Forgets the tracked text (a tool call or a new prompt ends the stream of thought). */
  reset(): void;
}

export function createContentLoopTracker(options: ContentLoopOptions = DEFAULT_CONTENT_LOOP_OPTIONS): ContentLoopTracker {
  const { contentChunkSize: chunkSize, contentLoopThreshold: threshold, contentHistoryLimit: historyLimit } = options;
  let history = '';
  /** chunk text → start offsets in `history`. The chunk itself is the key (no hashing). */
  let positions = new Map<string, number[]>();
  let nextIndex = 0;
  let inCodeBlock = false;

  function resetTracking(): void {
    history = '';
    positions = new Map();
    nextIndex = 0;
  }

  function trimHistory(): void {
    const excess = history.length - historyLimit;
    if (excess <= 0) return;
    history = history.slice(excess);
    nextIndex = Math.max(0, nextIndex - excess);
    const shifted = new Map<string, number[]>();
    for (const [chunk, offsets] of positions) {
      const kept = offsets.map((offset) => offset - excess).filter((offset) => offset >= 0);
      if (kept.length > 0) shifted.set(chunk, kept);
    }
    positions = shifted;
  }

  function chunkRepeats(chunk: string, offset: number): boolean {
    const offsets = positions.get(chunk);
    if (!offsets) {
      positions.set(chunk, [offset]);
      return false;
    }
    offsets.push(offset);
    if (offsets.length < threshold) return false;
    const recent = offsets.slice(-threshold);
    const first = recent[0] ?? 0;
    const last = recent[recent.length - 1] ?? 0;
    const averageDistance = (last - first) / (threshold - 1);
    return averageDistance <= chunkSize * MAX_AVERAGE_DISTANCE_IN_CHUNKS;
  }

  function scan(): boolean {
    while (nextIndex + chunkSize <= history.length) {
      const chunk = history.slice(nextIndex, nextIndex + chunkSize);
      if (chunkRepeats(chunk, nextIndex)) return true;
      nextIndex += 1;
    }
    return false;
  }

  function addDelta(text: string): boolean {
    const fences = (text.match(/```/g) ?? []).length;
    const isDivider = /^[-+_=*\u2500-\u257F]+$/.test(text);
    if (fences > 0 || isDivider || hasStructuralMarkdown(text)) resetTracking();
    const wasInCodeBlock = inCodeBlock;
    if (fences % 2 === 1) inCodeBlock = !inCodeBlock;
    if (wasInCodeBlock || inCodeBlock || isDivider) return false;
    history += text;
    trimHistory();
    return scan();
  }

  return {
    add(text) {
      // A long delta (a model that sends big chunks, or chunks joined after a backlog) is taken
      // a line at a time, and long lines in pieces: whole, everything but its last
      // `historyLimit` characters would be trimmed away before it was scanned.
      if (text.length <= historyLimit / 2) return addDelta(text);
      return piecesOf(text, Math.max(chunkSize, Math.floor(historyLimit / 2))).some(addDelta);
    },
    reset() {
      resetTracking();
    },
  };
}

/** Lines with their line ends, lines longer than `size` cut into pieces of at most `size`. */
function piecesOf(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (const line of text.match(/[^\n]*\n|[^\n]+$/g) ?? []) {
    for (let start = 0; start < line.length; start += size) pieces.push(line.slice(start, start + size));
  }
  return pieces;
}

function hasStructuralMarkdown(text: string): boolean {
  const table = /(^|\n)\s*(\|.*\||[|+-]{3,})/.test(text);
  const listItem = /(^|\n)\s*[-*+]\s/.test(text) || /(^|\n)\s*\d+\.\s/.test(text);
  const heading = /(^|\n)#+\s/.test(text);
  const blockquote = /(^|\n)>\s/.test(text);
  return table || listItem || heading || blockquote;
}

/**
 * Joins runs of text-only chunks that an adapter has in hand at the same time (one network
 * read) into one chunk with their text end to end. A model streams a chunk every few tens of
 * milliseconds, so a read holds one; when the agent falls behind (a fast stream, a busy
 * worker) a read holds hundreds, and every chunk costs the loop and the page the same work
 * whatever its size. Joined, the backlog costs one chunk: the text, thoughts, calls and
 * history are the same, and `rawChunks` keeps every chunk as sent for the loop inspector.
 *
 * Only plain text joins: a chunk with a thought, a signature, a call, media, a finish reason,
 * usage or citations stays as it came, and so does the order of everything.
 */
import { isPlainText } from '../shared/content';
import type { ModelChunk as Chunk } from './types';

function joinable(chunk: Chunk): boolean {
  return (
    chunk.parts.length > 0 &&
    chunk.parts.every(isPlainText) &&
    chunk.finishReason === undefined &&
    chunk.usage === undefined &&
    chunk.citations === undefined
  );
}

export function joinTextChunks(chunks: readonly Chunk[]): Chunk[] {
  const joined: Chunk[] = [];
  let run: Chunk[] = [];
  const close = () => {
    if (run.length === 1) joined.push(run[0]!);
    if (run.length > 1) {
      const text = run.map((chunk) => chunk.parts.map((part) => part.text).join('')).join('');
      joined.push({ type: 'chunk', parts: [{ text }], rawChunks: run.flatMap((chunk) => chunk.rawChunks ?? []) });
    }
    run = [];
  };
  for (const chunk of chunks) {
    if (joinable(chunk)) {
      run.push(chunk);
      continue;
    }
    close();
    joined.push(chunk);
  }
  close();
  return joined;
}

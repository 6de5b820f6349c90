/**
 * A response body read up to a byte limit; the rest is not downloaded (the stream is
 * cancelled). A stream that breaks midway is a failure, not a short page.
 */
import type { Result } from '../shared/errors';

export async function readCapped(response: Response, maxBytes: number): Promise<Result<{ bytes: Uint8Array; cut: boolean }, null>> {
  if (!response.body) return { ok: true, value: { bytes: new Uint8Array(0), cut: false } };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  try {
    for (;;) {
      const read = await reader.read();
      if (read.done) break;
      const room = maxBytes - size;
      if (read.value.byteLength >= room) {
        chunks.push(read.value.subarray(0, room));
        size += room;
        cut = read.value.byteLength > room || !(await reader.read().then((next) => next.done));
        break;
      }
      chunks.push(read.value);
      size += read.value.byteLength;
    }
  } catch {
    return { ok: false, error: null };
  } finally {
    reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, value: { bytes, cut } };
}

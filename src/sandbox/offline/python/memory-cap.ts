/**
 * The memory limit of `python3`: a WebAssembly memory only ever grows, through
 * `WebAssembly.Memory.prototype.grow`, so a growth of the interpreter's memory past the limit is
 * refused there. Emscripten's allocator then fails and CPython raises MemoryError (which a script
 * may even catch), and the interpreter stays usable. Only the memory whose buffer is the
 * interpreter's heap is capped, and only while a run is under way; other memories (QuickJS's)
 * are left alone.
 */
const PAGE_BYTES = 65_536;

interface Cap {
  heap(): ArrayBufferLike;
  bytes: number;
  refused: boolean;
}

const caps = new Set<Cap>();
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  const grow = WebAssembly.Memory.prototype.grow;
  WebAssembly.Memory.prototype.grow = function capped(this: WebAssembly.Memory, delta: number): number {
    for (const cap of caps) {
      if (cap.heap() !== this.buffer || this.buffer.byteLength + delta * PAGE_BYTES <= cap.bytes) continue;
      cap.refused = true;
      throw new RangeError(`WebAssembly.Memory.grow(): over the ${cap.bytes}-byte limit`);
    }
    return grow.call(this, delta);
  };
}

/** Caps the memory whose buffer `heap()` is at `bytes` until released; `refused()`: whether a growth was refused meanwhile. */
export function limitMemory(heap: () => ArrayBufferLike, bytes: number): { refused(): boolean; release(): void } {
  install();
  const cap: Cap = { heap, bytes, refused: false };
  caps.add(cap);
  return { refused: () => cap.refused, release: () => void caps.delete(cap) };
}

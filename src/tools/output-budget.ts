/** Keeping long text within a byte budget for the model, with a visible marker where it was cut. */

const encoder = new TextEncoder();

/**
 * The first `headBytes` and last `tailBytes` of `text` (UTF-8) with
 * "[... N bytes omitted ...]" between; `text` itself when it fits.
 */
export function keepHeadAndTail(text: string, headBytes: number, tailBytes: number): { text: string; omittedBytes: number } {
  const bytes = encoder.encode(text);
  if (bytes.length <= headBytes + tailBytes) return { text, omittedBytes: 0 };
  const head = decodePrefix(bytes.subarray(0, headBytes));
  const tail = decodeSuffix(bytes.subarray(bytes.length - tailBytes));
  const omittedBytes = bytes.length - encoder.encode(head).length - encoder.encode(tail).length;
  return { text: `${head}\n[... ${omittedBytes} bytes omitted ...]\n${tail}`, omittedBytes };
}

/** The last `maxBytes` of `text`, cut at a character boundary. */
export function keepTail(text: string, maxBytes: number): string {
  if (text.length <= maxBytes / 3) return text;
  const bytes = encoder.encode(text);
  if (bytes.length <= maxBytes) return text;
  return decodeSuffix(bytes.subarray(bytes.length - maxBytes));
}

export function byteLength(text: string): number {
  return encoder.encode(text).length;
}

/** Decodes bytes cut at an arbitrary end, dropping a partial trailing character. */
function decodePrefix(bytes: Uint8Array): string {
  let end = bytes.length;
  // Back up over continuation bytes to the start of a possibly partial character.
  let back = end - 1;
  while (back >= 0 && back > end - 4 && ((bytes[back] ?? 0) & 0xc0) === 0x80) back--;
  if (back >= 0) {
    const lead = bytes[back] ?? 0;
    const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    if (back + length > end) end = back;
  }
  return new TextDecoder().decode(bytes.subarray(0, end));
}

/** Decodes bytes cut at an arbitrary start, dropping leading continuation bytes. */
function decodeSuffix(bytes: Uint8Array): string {
  let start = 0;
  while (start < bytes.length && start < 4 && ((bytes[start] ?? 0) & 0xc0) === 0x80) start++;
  return new TextDecoder().decode(bytes.subarray(start));
}

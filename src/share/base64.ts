/**
 * Base64 without the DOM's string-of-bytes detour (`btoa` needs one char per byte and throws on
 * bad input): standard base64 for binary files in a document, base64url for the link fragment.
 * Decoding is strict: a character outside the alphabet or a wrong length answers null.
 */
const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function lookup(alphabet: string): Int16Array {
  const table = new Int16Array(128).fill(-1);
  for (let index = 0; index < alphabet.length; index++) table[alphabet.charCodeAt(index)] = index;
  return table;
}

const STANDARD_LOOKUP = lookup(STANDARD);
const URL_LOOKUP = lookup(URL_SAFE);

function encode(bytes: Uint8Array, alphabet: string, pad: boolean): string {
  const pieces: string[] = [];
  let chunk = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const a = bytes[index]!;
    const b = bytes[index + 1];
    const c = bytes[index + 2];
    chunk += alphabet[a >> 2]! + alphabet[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    chunk += b === undefined ? (pad ? '=' : '') : alphabet[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    chunk += c === undefined ? (pad ? '=' : '') : alphabet[c & 63]!;
    if (chunk.length >= 8192) {
      pieces.push(chunk);
      chunk = '';
    }
  }
  pieces.push(chunk);
  return pieces.join('');
}

function decode(text: string, table: Int16Array, padded: boolean): Uint8Array | null {
  let end = text.length;
  if (padded) {
    if (end % 4 !== 0) return null;
    if (text.endsWith('==')) end -= 2;
    else if (text.endsWith('=')) end -= 1;
  }
  if (end % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((end * 3) / 4));
  let written = 0;
  let buffer = 0;
  let bits = 0;
  for (let index = 0; index < end; index++) {
    const code = text.charCodeAt(index);
    const value = code < 128 ? table[code]! : -1;
    if (value < 0) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[written++] = (buffer >> bits) & 255;
    }
  }
  // Leftover bits must be zero, or the text was not made by an encoder (an altered last character).
  if (bits > 0 && (buffer & ((1 << bits) - 1)) !== 0) return null;
  return bytes;
}

export const toBase64 = (bytes: Uint8Array): string => encode(bytes, STANDARD, true);
export const fromBase64 = (text: string): Uint8Array | null => decode(text, STANDARD_LOOKUP, true);
export const toBase64Url = (bytes: Uint8Array): string => encode(bytes, URL_SAFE, false);
export const fromBase64Url = (text: string): Uint8Array | null => decode(text, URL_LOOKUP, false);

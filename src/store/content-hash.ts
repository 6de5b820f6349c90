/**
 * Content addresses for checkpoint storage: SHA-256 (crypto.subtle, present in pages, workers
 * and Node 20) of a file's content or of a manifest.
 *
 * Text and bytes never share an address: the digest covers a kind tag, then text as its UTF-16
 * code units (exact for any JS string, lone surrogates included, which UTF-8 would replace) or
 * the bytes as they are. Manifests hash their canonical JSON under a third tag.
 */
import type { FileContent, ManifestEntry } from './types';

const TEXT = 0x74; // 't'
const BYTES = 0x62; // 'b'
const MANIFEST = 0x6d; // 'm'

function textUnits(tag: number, text: string): Uint8Array {
  const units = new Uint8Array(1 + text.length * 2);
  units[0] = tag;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    units[1 + index * 2] = unit & 0xff;
    units[2 + index * 2] = unit >> 8;
  }
  return units;
}

function tagged(content: FileContent): Uint8Array {
  if (typeof content === 'string') return textUnits(TEXT, content);
  const bytes = new Uint8Array(1 + content.byteLength);
  bytes[0] = BYTES;
  bytes.set(content, 1);
  return bytes;
}

async function digest(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const byte of hash) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export function hashContent(content: FileContent): Promise<string> {
  return digest(tagged(content));
}

/** The same entries (sorted by path) always give the same address. */
export function hashManifest(files: readonly ManifestEntry[]): Promise<string> {
  return digest(textUnits(MANIFEST, JSON.stringify(files.map((file) => [file.path, file.blob]))));
}

const encoder = new TextEncoder();

/** Bytes (UTF-8 for text). */
export function byteSize(content: FileContent): number {
  return typeof content === 'string' ? encoder.encode(content).byteLength : content.byteLength;
}

/**
 * Bytes as IndexedDB should keep them: a view on part of a larger buffer is copied, since
 * structured clone would store the whole buffer behind it.
 */
export function compactContent(content: FileContent): FileContent {
  if (typeof content === 'string') return content;
  return content.byteOffset === 0 && content.byteLength === content.buffer.byteLength ? content : content.slice();
}

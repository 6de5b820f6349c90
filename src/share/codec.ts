/**
 * Session documents to links and files and back. Everything that comes in is untrusted: each
 * step is bounded (input length, bytes after decompression, nesting depth), and every failure
 * is a value with a message for the person; nothing here throws.
 *
 * Link: `#session=` + base64url(zlib(UTF-8 JSON)), packed with a preset dictionary of what
 * every document repeats (dictionary.ts; the zlib header names it), its repeated long values
 * written once (repeats.ts), so a short lesson's link is less than half as long. Links packed
 * without a dictionary (plain JSON) still open. The fragment never reaches a server.
 * zlib's Adler-32 trailer is checked after inflating (fflate does not), so a cut or altered link
 * is told apart from a valid one.
 */
import { Inflate, zlibSync } from 'fflate';
import type { Result } from '../shared/errors';
import { err, ok } from '../shared/errors';
import { fromBase64Url, toBase64Url } from './base64';
import { checkDocument } from './check-document';
import type { ShareError } from './check-document';
import { CURRENT_DICTIONARY, adler32, dictionaryById } from './dictionary';
import { DOCUMENT_FORMAT, DOCUMENT_VERSION } from './document';
import type { SessionDocument } from './document';
import { parseJsonGuarded } from './guarded-json';
import { LINK_PREFIX } from './link-prefix';
import { packRepeats, unpackRepeats } from './repeats';
import { SESSION_FILE_MAX_CHARS, SHARE_LINK_MAX_CHARS, SHARE_REPEATS_MAX_CHARS, SHARE_UNPACKED_MAX_BYTES } from '../shared/limits';

export { LINK_PREFIX };

export type { ShareError };

const encoder = new TextEncoder();

export function documentJson(document: SessionDocument): string {
  return JSON.stringify(document);
}

/**
 * The fragment (without `#`) that carries the document: packed with the current dictionary, or
 * without one when that is shorter (a document that shares little with it, whose link would
 * otherwise carry the dictionary's id for nothing). `dictionary: false` packs it without one, as
 * older versions did. A document over SHARE_REPEATS_MAX_CHARS of JSON is packed plain (its link
 * is too long to offer anyway).
 */
export function encodeLink(document: SessionDocument, options: { dictionary?: boolean } = {}): string {
  return LINK_PREFIX + toBase64Url(packDocument(document, options));
}

/** The zlib bytes a link carries (encodeLink); an encrypted Gist holds the same bytes (gist-seal.ts). */
export function packDocument(document: SessionDocument, { dictionary = true }: { dictionary?: boolean } = {}): Uint8Array {
  const json = documentJson(document);
  const plain = zlibSync(encoder.encode(json), { level: 9 });
  if (!dictionary || json.length > SHARE_REPEATS_MAX_CHARS) return plain;
  const repeatsOnce = JSON.stringify(packRepeats(filesFirst(JSON.parse(json) as Record<string, unknown>)));
  const packed = zlibSync(encoder.encode(repeatsOnce), { level: 9, dictionary: CURRENT_DICTIONARY.bytes });
  return packed.length < plain.length ? packed : plain;
}

/**
 * The same document with its files before the conversation: deflate finds repeats only within
 * 32 KB, and a file at the end is usually an edited copy of what a call in the history wrote,
 * further back than that. (Exact repeats are written once anyway: repeats.ts.)
 */
function filesFirst({ format, version, files, startFiles, ...rest }: Record<string, unknown>): Record<string, unknown> {
  return { format, version, files, ...(startFiles === undefined ? {} : { startFiles }), ...rest };
}

const fail = (kind: ShareError['kind'], message: string): Result<never, ShareError> => err({ kind, message });

const CUT_OR_ALTERED = 'This link is cut short or was altered: its data does not unpack. Ask for the link again, or for the session file.';

/** zlib bytes → the bytes they stand for, at most `limit` of them. */
export function inflateBounded(bytes: Uint8Array, limit: number): Result<Uint8Array, ShareError> {
  if (bytes.length < 6 || (bytes[0]! & 0x0f) !== 8 || ((bytes[0]! << 8) | bytes[1]!) % 31 !== 0) {
    return fail('share-corrupt', CUT_OR_ALTERED);
  }
  // A preset dictionary (FDICT): its id follows the header.
  const withDictionary = (bytes[1]! & 0x20) !== 0;
  const id = withDictionary && bytes.length >= 10 ? ((bytes[2]! << 24) | (bytes[3]! << 16) | (bytes[4]! << 8) | bytes[5]!) >>> 0 : null;
  if (withDictionary && id === null) return fail('share-corrupt', CUT_OR_ALTERED);
  const dictionary = id === null ? undefined : dictionaryById(id);
  if (id !== null && !dictionary) {
    return fail('share-version', 'This link was made by a newer Loopscope (it is packed in a way this one does not know). Update the page and try again.');
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  let tooLarge = false;
  const sum = adler32();
  const inflate = new Inflate(dictionary ? { dictionary: dictionary.bytes } : {}, (chunk) => {
    total += chunk.length;
    if (total > limit) tooLarge = true;
    else {
      chunks.push(chunk);
      sum.update(chunk);
    }
  });
  const body = bytes.subarray(dictionary ? 6 : 2, bytes.length - 4);
  try {
    // Small pieces, so one push cannot unpack much past the limit (deflate expands ≤ 1032×).
    for (let offset = 0; offset < body.length && !tooLarge; offset += 1024) {
      inflate.push(body.subarray(offset, offset + 1024), offset + 1024 >= body.length);
    }
  } catch {
    return fail('share-corrupt', CUT_OR_ALTERED);
  }
  if (tooLarge) return fail('share-too-large', `This session unpacks to more than ${limit / 1024 / 1024} MB, more than Loopscope opens; it was not opened.`);
  const trailer = bytes.subarray(bytes.length - 4);
  const expected = ((trailer[0]! << 24) | (trailer[1]! << 16) | (trailer[2]! << 8) | trailer[3]!) >>> 0;
  if (sum.value() !== expected) return fail('share-corrupt', CUT_OR_ALTERED);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return ok(out);
}

/** Parsed JSON → a checked document: the format and version first, for a clear message. */
export function readDocument(value: unknown): Result<SessionDocument, ShareError> {
  if (!value || typeof value !== 'object' || Array.isArray(value) || (value as { format?: unknown }).format !== DOCUMENT_FORMAT) {
    return fail('share-not-session', 'This is not a Loopscope session.');
  }
  const version = (value as { version?: unknown }).version;
  if (typeof version === 'number' && version > DOCUMENT_VERSION) {
    return fail('share-version', `This session was made by a newer Loopscope (format version ${version}); this one reads version ${DOCUMENT_VERSION}. Update the page and try again.`);
  }
  return checkDocument(value);
}

export function decodeLink(fragment: string): Result<SessionDocument, ShareError> {
  const body = fragment.replace(/^#/, '');
  if (!body.startsWith(LINK_PREFIX)) return fail('share-not-session', 'This is not a Loopscope session link.');
  const data = body.slice(LINK_PREFIX.length);
  if (data.length > SHARE_LINK_MAX_CHARS) return fail('share-too-large', 'This link is longer than any Loopscope makes; it was not opened.');
  const bytes = fromBase64Url(data);
  if (!bytes) return fail('share-corrupt', 'This link was altered: it holds characters a Loopscope link never has. Ask for the link again.');
  return unpackDocument(bytes);
}

/** The bytes packDocument made → the checked document, or what is wrong with them. */
export function unpackDocument(bytes: Uint8Array): Result<SessionDocument, ShareError> {
  const unpacked = inflateBounded(bytes, SHARE_UNPACKED_MAX_BYTES);
  if (!unpacked.ok) return unpacked;
  const parsed = parseJsonGuarded(unpacked.value);
  if (!parsed.ok) return parsed;
  // Packed with a dictionary (FDICT): its repeated values are written once.
  if ((bytes[1]! & 0x20) === 0) return readDocument(parsed.value);
  const whole = unpackRepeats(parsed.value, SHARE_UNPACKED_MAX_BYTES);
  return whole.ok ? readDocument(whole.value) : whole;
}

export function serializeSessionFile(document: SessionDocument): string {
  return documentJson(document);
}

export function parseSessionFile(text: string): Result<SessionDocument, ShareError> {
  if (text.length > SESSION_FILE_MAX_CHARS) return fail('share-too-large', `This file is larger than ${SESSION_FILE_MAX_CHARS / 1024 / 1024} MB, more than Loopscope opens.`);
  const parsed = parseJsonGuarded(text);
  return parsed.ok ? readDocument(parsed.value) : parsed;
}

/**
 * A session sealed for a secret Gist, for sessions whose link is too long to send: the bytes a
 * link would carry (codec.ts `packDocument`) encrypted with AES-GCM (256-bit key made in the page,
 * random 96-bit IV). GitHub stores only this envelope; the key travels only in the link's
 * fragment (gist-link.ts), which browsers never send to a server.
 *
 * The Gist file's text is JSON: `{ format, version, cipher, keyCheck, iv, data }`. `keyCheck` is
 * the first 8 bytes of SHA-256 of a label and the key: it tells a key that is not this Gist's
 * (the link was altered) from a Gist whose content was changed (the key checks, the GCM tag does
 * not), and says nothing of the key (a hash of 256 random bits). The format and version are the
 * cipher's additional data, so they cannot be swapped either. Nothing here throws.
 */
import type { Result } from '../shared/errors';
import { SHARE_GIST_MAX_CHARS } from '../shared/limits';
import { err, ok } from '../shared/errors';
import { fromBase64, fromBase64Url, toBase64, toBase64Url } from './base64';
import type { ShareError } from './check-document';
import { packDocument, unpackDocument } from './codec';
import type { SessionDocument } from './document';

export const SEALED_FORMAT = 'loopscope-sealed-session';
export const SEALED_VERSION = 1;
/** The Gist's one file. */
export const GIST_FILE_NAME = 'session.loopscope-sealed.json';
export const GIST_KEY_BYTES = 32;

const IV_BYTES = 12;
const KEY_CHECK_BYTES = 8;
const encoder = new TextEncoder();
/** The cipher's additional data: the format and version the envelope names. */
const additionalDataOf = (version: number) => encoder.encode(`${SEALED_FORMAT}/${version}`);

interface SealedEnvelope {
  format: typeof SEALED_FORMAT;
  version: number;
  cipher: 'AES-GCM-256';
  keyCheck: string;
  iv: string;
  data: string;
}

/** The key's check value (see the header). */
async function keyCheckOf(key: Uint8Array): Promise<string> {
  const label = encoder.encode('loopscope gist key check\0');
  const input = new Uint8Array(label.length + key.length);
  input.set(label);
  input.set(key, label.length);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
  return toBase64Url(digest.subarray(0, KEY_CHECK_BYTES));
}

/** The bytes in an ArrayBuffer of their own, as WebCrypto's types ask (never a SharedArrayBuffer). */
const own = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

const importKey = (key: Uint8Array, use: 'encrypt' | 'decrypt') => crypto.subtle.importKey('raw', own(key), 'AES-GCM', false, [use]);

/** A new key, made in the page: its raw bytes (the link carries them, base64url). */
export async function newGistKey(): Promise<Uint8Array> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  return new Uint8Array(await crypto.subtle.exportKey('raw', key));
}

/** The document sealed under `key`: the Gist file's text. */
export async function sealDocument(document: SessionDocument, key: Uint8Array): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const cryptoKey = await importKey(key, 'encrypt');
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: additionalDataOf(SEALED_VERSION) }, cryptoKey, own(packDocument(document))));
  const envelope: SealedEnvelope = { format: SEALED_FORMAT, version: SEALED_VERSION, cipher: 'AES-GCM-256', keyCheck: await keyCheckOf(key), iv: toBase64Url(iv), data: toBase64(data) };
  return JSON.stringify(envelope);
}

const fail = (kind: ShareError['kind'], message: string): Result<never, ShareError> => err({ kind, message });

const CHANGED = 'The session in this Gist was changed after it was shared: it no longer matches the link, so it was not opened. Ask for a new link.';

/** A Gist file's text → the envelope's parts, or why it is not one. */
function readEnvelope(text: string): Result<{ version: number; keyCheck: string; iv: Uint8Array; data: Uint8Array }, ShareError> {
  if (text.length > SHARE_GIST_MAX_CHARS) return fail('share-too-large', `This Gist holds more than ${SHARE_GIST_MAX_CHARS / 1024 / 1024} MB, more than any Loopscope shares; it was not opened.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail('share-corrupt', CHANGED);
  }
  const envelope = (value && typeof value === 'object' ? value : {}) as Partial<Record<keyof SealedEnvelope, unknown>>;
  if (envelope.format !== SEALED_FORMAT) return fail('share-not-session', 'This Gist does not hold a Loopscope session.');
  if (typeof envelope.version !== 'number' || envelope.version > SEALED_VERSION) {
    return fail('share-version', 'This Gist was sealed by a newer Loopscope. Update the page and try again.');
  }
  const iv = typeof envelope.iv === 'string' ? fromBase64Url(envelope.iv) : null;
  const data = typeof envelope.data === 'string' ? fromBase64(envelope.data) : null;
  if (envelope.cipher !== 'AES-GCM-256' || typeof envelope.keyCheck !== 'string' || iv?.length !== IV_BYTES || !data) return fail('share-corrupt', CHANGED);
  return ok({ version: envelope.version, keyCheck: envelope.keyCheck, iv, data });
}

/** A Gist file's text, opened with the link's key and checked as any link's document. */
export async function openSealed(text: string, key: Uint8Array): Promise<Result<SessionDocument, ShareError>> {
  const envelope = readEnvelope(text);
  if (!envelope.ok) return envelope;
  if (key.length !== GIST_KEY_BYTES || (await keyCheckOf(key)) !== envelope.value.keyCheck) {
    return fail('share-wrong-key', "This link's key does not open its Gist: the link was altered or cut short. Ask for the link again.");
  }
  let packed: Uint8Array;
  try {
    const cryptoKey = await importKey(key, 'decrypt');
    packed = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: own(envelope.value.iv), additionalData: additionalDataOf(envelope.value.version) }, cryptoKey, own(envelope.value.data)));
  } catch {
    return fail('share-corrupt', CHANGED);
  }
  return unpackDocument(packed);
}

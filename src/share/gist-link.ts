/**
 * The fragment of a link to an encrypted Gist: `gist=<Gist id>.<key>`, the key's raw bytes in
 * base64url (gist-seal.ts). Only the fragment holds the key: browsers never send it to a server,
 * and the page takes it off the address as it opens it (ui/use-session-links.ts).
 */
import type { Result } from '../shared/errors';
import { err, ok } from '../shared/errors';
import { fromBase64Url, toBase64Url } from './base64';
import type { ShareError } from './check-document';
import { GIST_KEY_BYTES } from './gist-seal';
import { GIST_LINK_PREFIX } from './link-prefix';

export interface GistLink {
  gistId: string;
  key: Uint8Array;
}

/** GitHub's Gist ids: hex (older ones decimal). */
const GIST_ID = /^[0-9A-Za-z]{1,64}$/;

export function gistFragment(gistId: string, key: Uint8Array): string {
  return `${GIST_LINK_PREFIX}${gistId}.${toBase64Url(key)}`;
}

export function readGistLink(fragment: string): Result<GistLink, ShareError> {
  const body = fragment.replace(/^#/, '');
  if (!body.startsWith(GIST_LINK_PREFIX)) return err({ kind: 'share-not-session', message: 'This is not a link to a Loopscope session in a Gist.' });
  const [gistId = '', keyText = '', ...rest] = body.slice(GIST_LINK_PREFIX.length).split('.');
  const key = fromBase64Url(keyText);
  if (rest.length > 0 || !GIST_ID.test(gistId) || !key || key.length !== GIST_KEY_BYTES) {
    return err({ kind: 'share-corrupt', message: 'This Gist link is cut short or was altered: it does not hold a Gist and its key. Ask for the link again.' });
  }
  return ok({ gistId, key });
}

/** How a session link's fragment starts; apart from codec.ts so the page can tell a link without loading the codec. */
export const LINK_PREFIX = 'session=';
/** How the fragment of a link to an encrypted Gist starts: `gist=<Gist id>.<key>` (share/gist-link.ts). */
export const GIST_LINK_PREFIX = 'gist=';

/** True when a URL fragment (with or without `#`) is meant to be a session link: the session itself, or an encrypted Gist that holds it. */
export function isSessionLink(fragment: string): boolean {
  const body = fragment.replace(/^#/, '');
  return body.startsWith(LINK_PREFIX) || body.startsWith(GIST_LINK_PREFIX);
}

/** True when a URL fragment is a link to an encrypted Gist. */
export function isGistLink(fragment: string): boolean {
  return fragment.replace(/^#/, '').startsWith(GIST_LINK_PREFIX);
}

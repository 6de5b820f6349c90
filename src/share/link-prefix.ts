/** How a session link's fragment starts; apart from codec.ts so the page can tell a link without loading the codec. */
export const LINK_PREFIX = 'session=';

/** True when a URL fragment (with or without `#`) is meant to be a session link. */
export function isSessionLink(fragment: string): boolean {
  return fragment.replace(/^#/, '').startsWith(LINK_PREFIX);
}

/**
 * The addresses of the embedded player (docs/architecture.md, "An embed is the app with
 * ?embed"): the app's own address with `embed` in its query and the session in its fragment,
 * and the `<iframe>` snippet that a course page pastes. Pure, so the share dialog and the
 * player agree on them and a test reads them.
 */

type Place = Pick<Location, 'origin' | 'pathname' | 'search'>;

/** The player's address for a session link's fragment: this page's address and query, `embed` added. */
export function embedUrl(fragment: string, location: Place): string {
  const query = new URLSearchParams(location.search);
  query.delete('embed');
  const rest = query.toString();
  return `${location.origin}${location.pathname}?${rest ? `${rest}&` : ''}embed#${fragment.replace(/^#/, '')}`;
}

/** The full app's address for the session the player shows (Open in Loopscope): the player's, `embed` taken out. */
export function appUrl(fragment: string, location: Place): string {
  const query = new URLSearchParams(location.search);
  query.delete('embed');
  const rest = query.toString();
  return `${location.origin}${location.pathname}${rest ? `?${rest}` : ''}#${fragment.replace(/^#/, '')}`;
}

/** `&`, `<`, `>` and quotes as character references: an attribute's value stays one value. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The snippet for a course page: a frame of the player, named for screen readers, at most as
 * wide as the page. No `sandbox` attribute: the player needs its own origin's storage and worker.
 */
export function embedCode(playerUrl: string): string {
  return `<iframe src="${escapeAttribute(playerUrl)}" title="Loopscope session replay" width="100%" height="640" style="border: 1px solid #888; max-width: 960px;" loading="lazy"></iframe>`;
}

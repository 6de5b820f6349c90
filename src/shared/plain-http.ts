/**
 * The page's rule for plain http: only to this computer. Browsers treat these hosts as
 * potentially trustworthy, so an https copy of the app (GitHub Pages) may reach them too; any
 * other host over plain http would be mixed content there, and readable by the network on the
 * way. The Content-Security-Policy cannot name `[::1]` (its grammar has no IPv6 hosts), so it
 * allows `http:` and the code that reaches a person-given address applies this rule first,
 * saying which rule refused it (docs/using.md, MCP servers).
 */
export const THIS_COMPUTER_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** `URL.hostname` of an address on this computer (`[::1]` keeps its brackets there). */
export function isThisComputer(hostname: string): boolean {
  return THIS_COMPUTER_HOSTS.includes(hostname.toLowerCase());
}

/** Why the page does not reach `url` over plain http, or null when it may. */
export function plainHttpRefusal(url: URL): string | null {
  if (url.protocol !== 'http:' || isThisComputer(url.hostname)) return null;
  return `Plain http is allowed only to this computer (${THIS_COMPUTER_HOSTS.join(', ')}); use https:// for ${url.host}.`;
}

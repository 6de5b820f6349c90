/**
 * The page's rule for plain http: only to this computer. Browsers treat these hosts as
 * potentially trustworthy, so an https copy of the app (GitHub Pages) may reach them too; any
 * other host over plain http would be mixed content there, and readable by the network on the
 * way (a model key, a trace header). The Content-Security-Policy enforces it for every request
 * (connect-src http://localhost:* http://127.0.0.1:*, shared/security-headers.mjs); the code
 * that reaches a person-given address applies it first too, so the refusal names the rule.
 *
 * `[::1]` cannot be named in a policy (its grammar has no IPv6 hosts), so an address on `[::1]`
 * is requested as `localhost`, same port and path (`requestUrl`): the browser resolves
 * localhost to this computer, [::1] included, and the person's setting keeps what they typed.
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

/** `plainHttpRefusal` of a typed address; null too when it is not a URL (another check says so). */
export function plainHttpProblem(address: string): string | null {
  try {
    return plainHttpRefusal(new URL(address.trim()));
  } catch {
    return null;
  }
}

/** The URL the page requests for `url`: a plain-http `[::1]` one as `localhost` (the policy cannot name [::1]); any other unchanged. */
export function requestUrl(url: URL): URL {
  if (url.protocol !== 'http:' || url.hostname !== '[::1]') return url;
  const mapped = new URL(url.href);
  mapped.hostname = 'localhost';
  return mapped;
}

/** `requestUrl` of a typed address, as text: unchanged (not even trimmed) unless it is plain http to `[::1]`. */
export function requestAddress(address: string): string {
  try {
    const url = new URL(address.trim());
    const mapped = requestUrl(url);
    return mapped === url ? address : mapped.href;
  } catch {
    return address;
  }
}

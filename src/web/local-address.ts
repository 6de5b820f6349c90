/**
 * Which host names are this machine or a private network (web_fetch refuses them unless
 * Settings allows local addresses). Works on the host as the URL parser normalized it, so
 * `http://2130706433/`, `http://0x7f.1/` and `http://[::ffff:127.0.0.1]/` are all seen as
 * 127.0.0.1. A public name that resolves to a private address cannot be seen from a page
 * (browsers do not expose DNS); docs/architecture.md says so.
 */

interface Range {
  /** Network address as four octets, and prefix length. */
  base: readonly [number, number, number, number];
  bits: number;
  name: string;
}

const IPV4_RANGES: readonly Range[] = [
  { base: [127, 0, 0, 0], bits: 8, name: '127.0.0.0/8 (this machine)' },
  { base: [10, 0, 0, 0], bits: 8, name: '10.0.0.0/8 (a private network)' },
  { base: [172, 16, 0, 0], bits: 12, name: '172.16.0.0/12 (a private network)' },
  { base: [192, 168, 0, 0], bits: 16, name: '192.168.0.0/16 (a private network)' },
  { base: [169, 254, 0, 0], bits: 16, name: '169.254.0.0/16 (link-local)' },
  { base: [0, 0, 0, 0], bits: 8, name: '0.0.0.0/8 (this machine)' },
  { base: [100, 64, 0, 0], bits: 10, name: '100.64.0.0/10 (carrier-grade NAT)' },
];

function parseIpv4(host: string): number | null {
  const parts = host.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

function ipv4Range(address: number): string | null {
  for (const range of IPV4_RANGES) {
    const base = range.base.reduce((sum, octet) => sum * 256 + octet, 0);
    const size = 2 ** (32 - range.bits);
    if (address >= base && address < base + size) return range.name;
  }
  return null;
}

/** An IPv6 address's last 32 bits written as a dotted IPv4 address (`::ffff:127.0.0.1`) become two groups. */
function withIpv4Tail(host: string): string | null {
  const lastColon = host.lastIndexOf(':');
  const tail = host.slice(lastColon + 1);
  if (!tail.includes('.')) return host;
  const ipv4 = parseIpv4(tail);
  if (ipv4 === null) return null;
  return `${host.slice(0, lastColon + 1)}${Math.floor(ipv4 / 65536).toString(16)}:${(ipv4 % 65536).toString(16)}`;
}

/** The 16-bit groups of an IPv6 address (without brackets); null for anything else. */
function ipv6Groups(address: string): number[] | null {
  if (!address.includes(':')) return null;
  const host = withIpv4Tail(address);
  if (host === null || host.split('::').length > 2) return null;
  const [head = '', tail] = host.split('::');
  const split = (text: string) => (text ? text.split(':') : []);
  const left = split(head);
  const right = tail === undefined ? [] : split(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0) || (tail !== undefined && missing === 0)) return null;
  const written = [...left, ...right];
  if (!written.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => Number.parseInt(group, 16));
}

function ipv6Range(groups: number[]): string | null {
  const [first = 0] = groups;
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return '::1 (this machine)';
  if (groups.every((group) => group === 0)) return ':: (this machine)';
  if ((first & 0xfe00) === 0xfc00) return 'fc00::/7 (a private network)';
  if ((first & 0xffc0) === 0xfe80) return 'fe80::/10 (link-local)';
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address decides.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return ipv4Range((groups[6] ?? 0) * 65536 + (groups[7] ?? 0));
  }
  return null;
}

/**
 * Why `hostname` (a URL's `hostname`, IPv6 in brackets) is a local or private address, e.g.
 * "127.0.0.0/8 (this machine)"; null for a public one.
 */
export function localAddressReason(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'localhost (this machine)';
  if (host.endsWith('.local')) return `${host} (a name on the local network)`;
  const ipv4 = parseIpv4(host);
  if (ipv4 !== null) return ipv4Range(ipv4);
  const groups = ipv6Groups(host);
  return groups ? ipv6Range(groups) : null;
}

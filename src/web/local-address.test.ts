import { describe, expect, it } from 'vitest';
import { localAddressReason } from './local-address';

/** The host of `url` as the browser's URL parser normalizes it (what web_fetch checks). */
function hostOf(url: string): string {
  return new URL(url).hostname;
}

describe('localAddressReason', () => {
  it.each([
    ['localhost', 'localhost (this machine)'],
    ['app.localhost', 'localhost (this machine)'],
    ['a.b.localhost', 'localhost (this machine)'],
    ['127.0.0.1', '127.0.0.0/8 (this machine)'],
    ['127.255.255.254', '127.0.0.0/8 (this machine)'],
    ['127.1.2.3', '127.0.0.0/8 (this machine)'],
    ['10.0.0.1', '10.0.0.0/8 (a private network)'],
    ['10.255.255.255', '10.0.0.0/8 (a private network)'],
    ['172.16.0.1', '172.16.0.0/12 (a private network)'],
    ['172.31.255.255', '172.16.0.0/12 (a private network)'],
    ['192.168.0.1', '192.168.0.0/16 (a private network)'],
    ['192.168.255.255', '192.168.0.0/16 (a private network)'],
    ['169.254.169.254', '169.254.0.0/16 (link-local)'],
    ['0.0.0.0', '0.0.0.0/8 (this machine)'],
    ['[::1]', '::1 (this machine)'],
    ['[::]', ':: (this machine)'],
    ['[fd12::1]', 'fc00::/7 (a private network)'],
    ['[fc00::]', 'fc00::/7 (a private network)'],
    ['[fdff:ffff::1]', 'fc00::/7 (a private network)'],
    ['[fe80::1]', 'fe80::/10 (link-local)'],
    ['[febf::1]', 'fe80::/10 (link-local)'],
    ['[::ffff:7f00:1]', '127.0.0.0/8 (this machine)'],
    ['[::ffff:a00:1]', '10.0.0.0/8 (a private network)'],
    ['[::ffff:c0a8:101]', '192.168.0.0/16 (a private network)'],
  ])('refuses %s as %s', (host, reason) => {
    expect(localAddressReason(host)).toBe(reason);
  });

  it('accepts IPv6 hosts with or without the brackets a URL gives them', () => {
    expect(localAddressReason('::1')).toBe('::1 (this machine)');
    expect(localAddressReason('fd12::1')).toBe('fc00::/7 (a private network)');
    expect(localAddressReason('fe80::1')).toBe('fe80::/10 (link-local)');
  });

  it('refuses the IPv4-mapped form ::ffff:127.0.0.1 as the URL parser writes it', () => {
    expect(hostOf('http://[::ffff:127.0.0.1]/')).toBe('[::ffff:7f00:1]');
    expect(localAddressReason(hostOf('http://[::ffff:127.0.0.1]/'))).toBe('127.0.0.0/8 (this machine)');
    expect(localAddressReason(hostOf('http://[0:0:0:0:0:ffff:10.1.2.3]/'))).toBe('10.0.0.0/8 (a private network)');
  });

  it('treats the edges of 172.16.0.0/12 exactly: 172.15.x and 172.32.x are public', () => {
    expect(localAddressReason('172.15.255.255')).toBeNull();
    expect(localAddressReason('172.16.0.0')).not.toBeNull();
    expect(localAddressReason('172.31.255.255')).not.toBeNull();
    expect(localAddressReason('172.32.0.0')).toBeNull();
  });

  it('treats the neighbours of the other ranges as public', () => {
    expect(localAddressReason('126.255.255.255')).toBeNull();
    expect(localAddressReason('128.0.0.0')).toBeNull();
    expect(localAddressReason('11.0.0.0')).toBeNull();
    expect(localAddressReason('9.255.255.255')).toBeNull();
    expect(localAddressReason('192.167.255.255')).toBeNull();
    expect(localAddressReason('192.169.0.0')).toBeNull();
    expect(localAddressReason('169.253.255.255')).toBeNull();
    expect(localAddressReason('169.255.0.0')).toBeNull();
    expect(localAddressReason('1.0.0.0')).toBeNull();
    expect(localAddressReason('[fbff::1]')).toBeNull();
    expect(localAddressReason('[fec0::1]')).toBeNull();
    expect(localAddressReason('[::2]')).toBeNull();
    expect(localAddressReason('[::ffff:808:808]')).toBeNull();
  });

  it.each([
    ['http://2130706433/', '127.0.0.0/8 (this machine)'],
    ['http://0x7f.0.0.1/', '127.0.0.0/8 (this machine)'],
    ['http://0x7f000001/', '127.0.0.0/8 (this machine)'],
    ['http://0177.0.0.1/', '127.0.0.0/8 (this machine)'],
    ['http://127.1/', '127.0.0.0/8 (this machine)'],
    ['http://0x7f.1/', '127.0.0.0/8 (this machine)'],
    ['http://127.0.0.1./', '127.0.0.0/8 (this machine)'],
    ['http://%31%32%37.0.0.1/', '127.0.0.0/8 (this machine)'],
    ['http://\uff11\uff12\uff17\u3002\uff10\u3002\uff10\u3002\uff11/', '127.0.0.0/8 (this machine)'],
    ['http://167772161/', '10.0.0.0/8 (a private network)'],
    ['http://0xc0.0xa8.1.1/', '192.168.0.0/16 (a private network)'],
    ['http://0/', '0.0.0.0/8 (this machine)'],
    ['http://[::ffff:7f00:1]/', '127.0.0.0/8 (this machine)'],
    ['http://[0:0:0:0:0:0:0:1]/', '::1 (this machine)'],
    ['http://[::0.0.0.1]/', '::1 (this machine)'],
    ['http://[0::]/', ':: (this machine)'],
    ['http://[FD12::1]/', 'fc00::/7 (a private network)'],
    ['http://[FE80::abcd]/', 'fe80::/10 (link-local)'],
    ['http://localhost./', 'localhost (this machine)'],
    ['http://LOCALHOST/', 'localhost (this machine)'],
    ['http://LocalHost.:8080/', 'localhost (this machine)'],
    ['http://api.LOCALHOST./', 'localhost (this machine)'],
    ['https://example.com@127.0.0.1/', '127.0.0.0/8 (this machine)'],
  ])('refuses %s, which the URL parser normalizes to a local host', (url, reason) => {
    expect(localAddressReason(hostOf(url))).toBe(reason);
  });

  it.each(['example.com', '8.8.8.8', '1.1.1.1', '[2001:4860::8888]', '2001:4860::8888', '172.32.0.1', '100.63.255.255', 'localhost.example.com', 'mylocalhost', 'localhostx', '127.0.0.1.example.com', '10.0.0.1.nip.io'])(
    'accepts the public host %s',
    (host) => {
      expect(localAddressReason(host)).toBeNull();
    },
  );

  it.each(['https://example.com/', 'https://8.8.8.8/', 'https://[2001:4860::8888]/', 'https://172.32.0.1/', 'http://100.63.255.255/', 'http://127.0.0.1:80@example.com/', 'https://134744072/'])(
    'accepts the public address %s after URL parsing',
    (url) => {
      expect(localAddressReason(hostOf(url))).toBeNull();
    },
  );
});

describe('localAddressReason on hosts the URL parser did not write', () => {
  // An IPv6 host with a dotted IPv4 tail (how people write IPv4-mapped addresses) is read as
  // its IPv4 address; web_fetch gets the URL parser's [::ffff:7f00:1], but the function is
  // right for both.
  it('refuses ::ffff:127.0.0.1 written with a dotted IPv4 tail, and keeps ::ffff:8.8.8.8 public', () => {
    expect(localAddressReason('[::ffff:127.0.0.1]')).toBe('127.0.0.0/8 (this machine)');
    expect(localAddressReason('[::ffff:10.1.2.3]')).toBe('10.0.0.0/8 (a private network)');
    expect(localAddressReason('[::ffff:8.8.8.8]')).toBeNull();
  });

  it('reads no junk as an address: ::1g, 1::2::3 and nine groups are not IPv6', () => {
    expect(localAddressReason('[::1g]')).toBeNull();
    expect(localAddressReason('[1::2::3]')).toBeNull();
    expect(localAddressReason('[1:2:3:4:5:6:7:8:9]')).toBeNull();
    expect(localAddressReason('[fd00::1]')).toBe('fc00::/7 (a private network)');
  });
});

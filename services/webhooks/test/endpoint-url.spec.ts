import { AppError } from '@stockyard/service-kit';
import { checkEndpointUrl, type Resolver } from '../src/domain/endpoint-url';
import { isPublicAddress } from '../src/domain/ip-address';

const resolvesTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses;
const policy = (resolve: Resolver, allowlist: string[] = []) => ({ allowlist, resolve });

async function codeOf(url: string, resolve: Resolver, allowlist: string[] = []): Promise<string> {
  try {
    await checkEndpointUrl(url, policy(resolve, allowlist));
    return 'accepted';
  } catch (err) {
    if (err instanceof AppError) return `${err.status} ${err.code}`;
    throw err;
  }
}

describe('isPublicAddress', () => {
  it.each([
    ['10.1.2.3', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12 (low end)'],
    ['172.31.255.255', 'private 172.16/12 (high end)'],
    ['192.168.1.1', 'private 192.168/16'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback 127/8'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['0.0.0.0', 'unspecified'],
    ['100.64.0.1', 'CGNAT low end'],
    ['100.127.255.254', 'CGNAT high end'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'documentation'],
    ['::', 'IPv6 unspecified'],
    ['::1', 'IPv6 loopback'],
    ['fc00::1', 'unique local fc00::/7'],
    ['fd12:3456::1', 'unique local fd00::/8'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local high end'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of link-local'],
    ['2002:c0a8:0101::1', '6to4 of 192.168.1.1'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['not-an-ip', 'not an address'],
  ])('refuses %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    ['93.184.215.14', 'public IPv4'],
    ['8.8.8.8', 'public IPv4'],
    ['172.15.255.255', 'just below 172.16/12'],
    ['172.32.0.0', 'just above 172.16/12'],
    ['100.63.255.255', 'just below CGNAT'],
    ['100.128.0.0', 'just above CGNAT'],
    ['11.0.0.1', 'just above 10/8'],
    ['2606:4700:4700::1111', 'public IPv6'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
    ['2002:0808:0808::1', '6to4 of a public address'],
  ])('accepts %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('checkEndpointUrl', () => {
  const publicHost = resolvesTo('93.184.215.14');

  it('accepts an https URL whose host resolves only to public addresses', async () => {
    expect(await codeOf('https://hooks.example.com/x', publicHost)).toBe('accepted');
  });

  it('refuses http for a host that is not allow-listed', async () => {
    expect(await codeOf('http://hooks.example.com/x', publicHost)).toBe('422 webhook_url_not_https');
  });

  it('refuses schemes other than http and https even for an allow-listed host', async () => {
    expect(await codeOf('ftp://localhost/x', publicHost, ['localhost'])).toBe('422 webhook_url_not_https');
  });

  it('refuses a host with any non-public address among public ones', async () => {
    expect(await codeOf('https://mixed.example.com/x', resolvesTo('93.184.215.14', '10.0.0.5'))).toBe(
      '422 webhook_url_private_address',
    );
  });

  it.each([
    'https://127.0.0.1/x',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://2130706433/x',
    'https://0x7f.1/x',
  ])('refuses the literal loopback address in %s without asking DNS', async (url) => {
    const resolve = jest.fn(publicHost);
    expect(await codeOf(url, resolve)).toBe('422 webhook_url_private_address');
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses a host that does not resolve', async () => {
    const failing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await codeOf('https://nothing.invalid/x', failing)).toBe('422 webhook_url_unresolvable');
    expect(await codeOf('https://empty.example/x', resolvesTo())).toBe('422 webhook_url_unresolvable');
  });

  it('lets an allow-listed host use http and a loopback address', async () => {
    expect(await codeOf('http://127.0.0.1:8080/x', resolvesTo('127.0.0.1'), ['127.0.0.1'])).toBe('accepted');
    expect(await codeOf('http://LocalHost./x', resolvesTo('127.0.0.1'), ['localhost'])).toBe('accepted');
  });

  it('does not exempt a host merely ending in an allow-listed name', async () => {
    expect(await codeOf('https://evil-localhost/x', resolvesTo('127.0.0.1'), ['localhost'])).toBe(
      '422 webhook_url_private_address',
    );
  });
});

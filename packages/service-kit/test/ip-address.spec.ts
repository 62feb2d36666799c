import { isPublicAddress } from '../src/net/ip-address';

// Moved here from the webhooks service with the address rule itself.
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

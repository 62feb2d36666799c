import { isIPv6 } from 'node:net';

/**
 * Who a caller is before it is authenticated, for the verification budget: its IPv4 address
 * (an IPv4-mapped IPv6 address counts as IPv4), or the /64 of an IPv6 address, since one
 * IPv6 host is usually handed a whole /64. The TCP peer, not X-Forwarded-For, which any
 * client can write: behind a proxy every caller is the proxy (see the README).
 */
export function clientOf(address: string | undefined): string {
  if (!address) return 'unknown';
  if (address.startsWith('::ffff:') && address.includes('.')) return address.slice('::ffff:'.length);
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

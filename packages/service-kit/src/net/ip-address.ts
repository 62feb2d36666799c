import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which addresses an outbound request (a webhook delivery, a feed fetch) may go to. Anything
 * that is not plainly a public unicast address is refused, so a partner cannot point our
 * requests at our own network (SSRF). Ranges follow the IANA special-purpose registries.
 */
type Cidr = [base: string, bits: number, label: string];

const NON_PUBLIC_V4: Cidr[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

// Only global unicast (2000::/3) can be public; these are the special blocks inside it.
const NON_PUBLIC_V6: Cidr[] = [
  ['2001::', 23, 'IETF special purpose'],
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
];

/** Undefined for a public address; otherwise the class that makes it unusable. */
export function nonPublicReason(ip: string): string | undefined {
  if (isIPv4(ip)) return matchV4(v4ToBigInt(ip));
  if (!isIPv6(ip)) return 'not an IP address';
  const value = v6ToBigInt(ip);
  if (value === 0n) return 'unspecified';
  if (value === 1n) return 'loopback';
  // An IPv6 address that only wraps an IPv4 one is judged by the IPv4 address it reaches.
  const embedded = embeddedV4(value);
  if (embedded !== undefined) return matchV4(embedded);
  if (!inCidr(value, 128, v6ToBigInt('2000::'), 3)) return describeV6(value);
  return NON_PUBLIC_V6.find(([base, bits]) => inCidr(value, 128, v6ToBigInt(base), bits))?.[2];
}

export const isPublicAddress = (ip: string): boolean => nonPublicReason(ip) === undefined;

function matchV4(value: bigint): string | undefined {
  return NON_PUBLIC_V4.find(([base, bits]) => inCidr(value, 32, v4ToBigInt(base), bits))?.[2];
}

function describeV6(value: bigint): string {
  if (inCidr(value, 128, v6ToBigInt('fc00::'), 7)) return 'private (unique local)';
  if (inCidr(value, 128, v6ToBigInt('fe80::'), 10)) return 'link-local';
  if (inCidr(value, 128, v6ToBigInt('ff00::'), 8)) return 'multicast';
  return 'not global unicast';
}

/** IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address. */
function embeddedV4(value: bigint): bigint | undefined {
  const low32 = value & 0xffffffffn;
  if (value >> 32n === 0xffffn) return low32;
  if (value >> 32n === v6ToBigInt('64:ff9b::') >> 32n) return low32;
  if (value >> 112n === 0x2002n) return (value >> 80n) & 0xffffffffn;
  return undefined;
}

function inCidr(value: bigint, width: number, base: bigint, bits: number): boolean {
  const shift = BigInt(width - bits);
  return value >> shift === base >> shift;
}

function v4ToBigInt(ip: string): bigint {
  return ip.split('.').reduce((acc, octet) => (acc << 8n) | BigInt(Number(octet)), 0n);
}

/** Expects an address that `isIPv6` accepted (optionally with a zone id). */
function v6ToBigInt(ip: string): bigint {
  let text = ip.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = v4ToBigInt(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const words = (part: string | undefined) => (part ? part.split(':') : []);
  const missing = 8 - words(head).length - words(tail).length;
  const all = tail === undefined ? words(head) : [...words(head), ...Array<string>(missing).fill('0'), ...words(tail)];
  return all.reduce((acc, word) => (acc << 16n) | BigInt(parseInt(word, 16)), 0n);
}

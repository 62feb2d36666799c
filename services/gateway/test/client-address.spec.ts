import { clientOf } from '../src/auth/client-address';

describe('clientOf', () => {
  it('is the IPv4 address, also when IPv4-mapped', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it("is an IPv6 address's /64, however it is written", () => {
    expect(clientOf('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(clientOf('2001:0db8:0000:0001:ffff:0:0:9')).toBe('2001:db8:0:1::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
  });

  it('is "unknown" without an address (a socket already closed)', () => {
    expect(clientOf(undefined)).toBe('unknown');
  });
});

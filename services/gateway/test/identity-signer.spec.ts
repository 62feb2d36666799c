import { verifyIdentity } from '@stockyard/contracts';
import type { Caller } from '../src/auth/authenticator';
import { IdentitySigner } from '../src/http/identity-signer';

const secret = 'a-secret-of-at-least-thirty-two-chars!';
const caller = (id: string, channelId: string | null = null) =>
  ({ key: { _id: id, orgId: 'org_1', channelId }, permissions: ['orders.read'] }) as unknown as Caller;

describe('IdentitySigner', () => {
  it('reuses a header for 30 s, then signs a fresh one that services still accept', () => {
    const signer = new IdentitySigner(secret);
    const first = signer.headerFor(caller('k1'), 1000);
    expect(signer.headerFor(caller('k1'), 1029)).toBe(first);
    const fresh = signer.headerFor(caller('k1'), 1030);
    expect(fresh).not.toBe(first);
    expect(verifyIdentity(fresh, secret, 1030)).toEqual({ orgId: 'org_1', keyId: 'k1', permissions: ['orders.read'], iat: 1030 });
    // The reused header is always within the 60 s services allow.
    expect(verifyIdentity(first, secret, 1029)).toBeDefined();
  });

  it('signs per key and carries a storefront key channel', () => {
    const signer = new IdentitySigner(secret);
    expect(signer.headerFor(caller('k1'), 1000)).not.toBe(signer.headerFor(caller('k2'), 1000));
    expect(verifyIdentity(signer.headerFor(caller('k3', 'ch_9'), 1000), secret, 1000)?.channelId).toBe('ch_9');
  });
});

import { verifyIdentity } from '@stockyard/contracts';
import type { Caller } from '../src/auth/authenticator';
import { IdentitySigner } from '../src/http/identity-signer';

const secret = 'a-secret-of-at-least-thirty-two-chars!';
const caller = (id: string, channelId: string | null = null) =>
  ({ key: { _id: id, orgId: 'org_1', channelId }, permissions: ['orders.read'] }) as unknown as Caller;

describe('IdentitySigner', () => {
  it('signs afresh on every request, so a queued request never carries an aged header', () => {
    const signer = new IdentitySigner(secret);
    const first = signer.headerFor(caller('k1'), 1000);
    const later = signer.headerFor(caller('k1'), 1029);
    expect(later).not.toBe(first);
    expect(verifyIdentity(later, secret, 1029)).toEqual({ orgId: 'org_1', keyId: 'k1', permissions: ['orders.read'], iat: 1029 });
  });

  it('signs per key and carries a storefront key channel', () => {
    const signer = new IdentitySigner(secret);
    expect(signer.headerFor(caller('k1'), 1000)).not.toBe(signer.headerFor(caller('k2'), 1000));
    expect(verifyIdentity(signer.headerFor(caller('k3', 'ch_9'), 1000), secret, 1000)?.channelId).toBe('ch_9');
  });
});

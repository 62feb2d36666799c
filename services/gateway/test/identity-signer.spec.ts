import { verifyIdentity } from '@stockyard/contracts';
import type { Caller } from '../src/auth/authenticator';
import { IdentitySigner } from '../src/http/identity-signer';

const secret = 'a-secret-of-at-least-thirty-two-chars!';
const caller = (id: string, channelId: string | null = null) =>
  ({
    key: { _id: id, orgId: 'org_1', channelId, name: 'ERP', role: 'ADMIN', type: 'admin' },
    permissions: ['orders.read'],
  }) as unknown as Caller;
// Who the audit trail names for the key (issue #41).
const actor = { kind: 'key', keyId: 'k1', name: 'ERP', role: 'ADMIN', type: 'admin', job: null };

describe('IdentitySigner', () => {
  it('signs afresh every second, so a queued request never carries an aged header', () => {
    const signer = new IdentitySigner(secret);
    const k1 = caller('k1');
    const first = signer.headerFor(k1, 1000);
    expect(signer.headerFor(k1, 1000)).toBe(first); // the same second: one HMAC
    const later = signer.headerFor(k1, 1001);
    expect(later).not.toBe(first);
    expect(verifyIdentity(later, secret, 1001)).toEqual({
      orgId: 'org_1',
      keyId: 'k1',
      permissions: ['orders.read'],
      actor,
      iat: 1001,
    });
  });

  it('signs anew within the second when the key record was refreshed (a changed role or scopes)', () => {
    const signer = new IdentitySigner(secret);
    const before = signer.headerFor(caller('k1'), 1000);
    const refreshed = {
      ...caller('k1'),
      key: { _id: 'k1', orgId: 'org_1', channelId: null, name: 'ERP', role: 'ADMIN', type: 'admin' },
      permissions: ['orders.read', 'orders.write'],
    } as unknown as Caller;
    const after = signer.headerFor(refreshed, 1000);
    expect(after).not.toBe(before);
    expect(verifyIdentity(after, secret, 1000)?.permissions).toEqual(['orders.read', 'orders.write']);
  });

  it('signs per key and carries a storefront key channel', () => {
    const signer = new IdentitySigner(secret);
    expect(signer.headerFor(caller('k1'), 1000)).not.toBe(signer.headerFor(caller('k2'), 1000));
    expect(verifyIdentity(signer.headerFor(caller('k3', 'ch_9'), 1000), secret, 1000)?.channelId).toBe('ch_9');
  });
});

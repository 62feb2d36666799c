import { signIdentity, verifyIdentity } from '../src/identity';

const secret = 'a-secret-of-at-least-thirty-two-chars!';
const who = { orgId: 'org_1', keyId: 'key_1', permissions: ['stock.adjust'] };

describe('signed identity header', () => {
  it('round-trips the identity', () => {
    expect(verifyIdentity(signIdentity(who, secret, 1000), secret, 1000)).toEqual({ ...who, iat: 1000 });
  });

  it('refuses a header signed with another secret', () => {
    expect(
      verifyIdentity(signIdentity(who, 'another-secret-of-thirty-two-chars!!', 1000), secret, 1000),
    ).toBeUndefined();
  });

  it('refuses a payload changed after signing', () => {
    const [, signature] = signIdentity(who, secret, 1000).split('.');
    const forged = Buffer.from(JSON.stringify({ ...who, orgId: 'org_2', iat: 1000 })).toString('base64url');
    expect(verifyIdentity(`${forged}.${signature}`, secret, 1000)).toBeUndefined();
  });

  it('refuses a header older than 60 seconds', () => {
    expect(verifyIdentity(signIdentity(who, secret, 1000), secret, 1061)).toBeUndefined();
    expect(verifyIdentity(signIdentity(who, secret, 1000), secret, 1060)).toBeDefined();
  });

  it.each([undefined, '', 'abc', 'a.b.c', '.sig'])('refuses the malformed header %p', (bad) => {
    expect(verifyIdentity(bad, secret, 1000)).toBeUndefined();
  });
});

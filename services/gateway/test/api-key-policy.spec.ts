import { ROLE_PRESETS } from '@stockyard/contracts';
import { assertMayRevoke, keyPermissions, resolveGrant } from '../src/domain/api-key-policy';

const now = new Date('2026-01-01T00:00:00Z');
const admin = ROLE_PRESETS.ADMIN;
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return 'accepted';
  } catch (err) {
    return (err as { code: string }).code;
  }
};

describe('resolveGrant', () => {
  it('defaults to VIEWER with no scopes and no expiry', () => {
    expect(resolveGrant({}, admin, now)).toEqual({ role: 'VIEWER', scopes: [], expiresAt: null });
  });

  it('deduplicates scopes and keeps the role as a label', () => {
    expect(resolveGrant({ role: 'ADMIN', scopes: ['pos.read', 'pos.read'] }, ['pos.read'], now)).toMatchObject({
      role: 'ADMIN',
      scopes: ['pos.read'],
    });
  });

  it.each([
    [{ role: 'ROOT' }, admin, 'unknown_role'],
    [{ scopes: ['pos.fly'] }, admin, 'unknown_permission'],
    [{ scopes: ['data.recover'] }, admin, 'owner_only_permission'],
    [{ scopes: ['pos.write'] }, ['pos.read'] as const, 'scope_not_held'],
    [{ role: 'WAREHOUSE' }, ['pos.read'] as const, 'scope_not_held'],
    [{ expiresAt: '2025-12-31T23:59:59Z' }, admin, 'expires_at_in_past'],
    [{ expiresAt: '2026-01-01T00:00:00Z' }, admin, 'expires_at_in_past'],
  ])('rejects %p held by the creator with %s', (input, creator, code) => {
    expect(codeOf(() => resolveGrant(input, creator, now))).toBe(code);
  });

  it('accepts an expiry one second ahead', () => {
    expect(resolveGrant({ expiresAt: '2026-01-01T00:00:01Z' }, admin, now).expiresAt).toEqual(
      new Date('2026-01-01T00:00:01Z'),
    );
  });
});

describe('assertMayRevoke', () => {
  it('refuses a key whose effective permissions the caller does not all hold', () => {
    expect(codeOf(() => assertMayRevoke({ role: 'ADMIN', scopes: [] }, ['apikeys.manage']))).toBe('scope_not_held');
    expect(codeOf(() => assertMayRevoke({ role: 'ADMIN', scopes: ['orders.read'] }, ['apikeys.manage']))).toBe(
      'scope_not_held',
    );
  });

  it('allows a key whose effective permissions the caller holds: scopes, else the role preset', () => {
    expect(codeOf(() => assertMayRevoke({ role: 'ADMIN', scopes: ['orders.read'] }, ['orders.read']))).toBe('accepted');
    expect(codeOf(() => assertMayRevoke({ role: 'VIEWER', scopes: [] }, admin))).toBe('accepted');
    expect(codeOf(() => assertMayRevoke({ role: 'ADMIN', scopes: [] }, admin))).toBe('accepted');
  });
});

describe('keyPermissions', () => {
  it('gives a storefront key its type’s permissions, whatever scopes it was stored with', () => {
    const before = { type: 'storefront', role: 'VIEWER' as const, scopes: ['products.read' as const] };
    expect(keyPermissions(before)).toEqual(['products.read', 'orders.write']);
  });

  it('gives an admin key its role’s preset, or exactly its scopes', () => {
    expect(keyPermissions({ type: 'admin', role: 'VIEWER', scopes: ['orders.read'] })).toEqual(['orders.read']);
    expect(keyPermissions({ type: 'admin', role: 'ADMIN', scopes: [] })).toEqual(admin);
  });

  it('lets only a key holding orders.write revoke a storefront key', () => {
    const storefront = { type: 'storefront', role: 'VIEWER' as const, scopes: ['products.read' as const] };
    expect(codeOf(() => assertMayRevoke(storefront, ['products.read', 'apikeys.manage']))).toBe('scope_not_held');
    expect(codeOf(() => assertMayRevoke(storefront, ['products.read', 'orders.write']))).toBe('accepted');
  });
});

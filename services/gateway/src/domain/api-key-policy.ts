import {
  STOREFRONT_PERMISSIONS,
  isAssignable,
  OWNER_ONLY_PERMISSIONS,
  permissionsOf,
  PERMISSIONS,
  ROLES,
  type Permission,
  type Role,
} from '@stockyard/contracts';
import { errors } from './errors';

/** A key created without a role reads everything a partner usually reads and changes nothing. */
export const DEFAULT_ROLE: Role = 'VIEWER';

/**
 * What a storefront key may do, on the storefront surface only: read the products of its
 * channel and check out on it (issue #25). A storefront key's permissions come from its type,
 * not from the scopes stored on it (`keyPermissions`), so the keys made before the checkout,
 * stored with `products.read` alone, check out too, and a later addition reaches every key.
 */
export const STOREFRONT_ROLE: Role = 'VIEWER';
export const STOREFRONT_SCOPES = STOREFRONT_PERMISSIONS;

/** A key's effective permissions: a storefront key's by its type, any other's by its role and scopes. */
export function keyPermissions(key: {
  type?: string;
  role: Role;
  scopes: readonly Permission[];
}): readonly Permission[] {
  return key.type === 'storefront' ? STOREFRONT_SCOPES : permissionsOf(key.role, key.scopes);
}

interface GrantRequest {
  role?: string;
  scopes?: string[];
  expiresAt?: string;
}

interface Grant {
  role: Role;
  scopes: Permission[];
  expiresAt: Date | null;
}

const known: ReadonlySet<string> = new Set(PERMISSIONS);
const ownerOnly: ReadonlySet<string> = new Set(OWNER_ONLY_PERMISSIONS);
const detail = (field: string, code: string, message: string) => [{ field, code, message }];

function roleOf(role: string | undefined): Role {
  if (role === undefined) return DEFAULT_ROLE;
  if (!(ROLES as readonly string[]).includes(role)) {
    throw errors.unknown_role(`Unknown role ${role}`, detail('role', 'unknown_role', `one of ${ROLES.join(', ')}`));
  }
  return role as Role;
}

function scopesOf(scopes: string[] = []): Permission[] {
  const unknown = scopes.filter((s) => !known.has(s));
  if (unknown.length > 0) {
    throw errors.unknown_permission(
      `Unknown permission: ${unknown.join(', ')}`,
      detail('scopes', 'unknown_permission', unknown.join(', ')),
    );
  }
  const owner = scopes.filter((s) => ownerOnly.has(s));
  if (owner.length > 0) {
    throw errors.owner_only_permission(
      `Owner-only permissions cannot be put on an API key: ${owner.join(', ')}`,
      detail('scopes', 'owner_only_permission', owner.join(', ')),
    );
  }
  return [...new Set(scopes.filter(isAssignable))];
}

export function expiryOf(expiresAt: string | undefined, now: Date): Date | null {
  if (expiresAt === undefined) return null;
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) {
    throw errors.expires_at_in_past(
      'expiresAt must be in the future',
      detail('expiresAt', 'expires_at_in_past', expiresAt),
    );
  }
  return at;
}

/**
 * A key can never do more than the key that created it: every effective permission must be
 * held. The same rule says which keys a key may revoke (`assertMayRevoke`).
 */
export function assertHeld(wanted: readonly Permission[], caller: readonly Permission[], action = 'grant it'): void {
  const held = new Set(caller);
  const missing = wanted.filter((p) => !held.has(p));
  if (missing.length > 0) {
    throw errors.scope_not_held(
      `The calling key does not hold ${missing.join(', ')}, so it cannot ${action}`,
      detail('scopes', 'scope_not_held', missing.join(', ')),
    );
  }
}

/**
 * A key may revoke, as it may create, only a key whose every effective permission it holds
 * itself: a key with only apikeys.manage cannot revoke an ADMIN key, the organization's
 * bootstrap key included, which only an ADMIN key may revoke.
 */
export function assertMayRevoke(
  target: { type?: string; role: Role; scopes: readonly Permission[] },
  caller: readonly Permission[],
) {
  assertHeld(keyPermissions(target), caller, 'revoke a key that holds it');
}

/**
 * Checks a create request against the creator's permissions. Empty scopes mean the
 * role's preset, so the preset is what must be held; otherwise the scopes alone.
 */
export function resolveGrant(input: GrantRequest, creator: readonly Permission[], now = new Date()): Grant {
  const role = roleOf(input.role);
  const scopes = scopesOf(input.scopes);
  const expiresAt = expiryOf(input.expiresAt, now);
  assertHeld(permissionsOf(role, scopes), creator);
  return { role, scopes, expiresAt };
}

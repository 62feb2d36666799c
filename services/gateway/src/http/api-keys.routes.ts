import { Router, type Request } from 'express';
import {
  ASSIGNABLE_PERMISSIONS,
  GATEWAY_API,
  PERMISSION_DESCRIPTIONS,
  ROLE_PRESETS,
  ROLES,
} from '@stockyard/contracts';
import { bindRoute, notFound } from '@stockyard/service-kit';
import { validatePathIds } from '@stockyard/service-kit/http';
import type { Authenticator } from '../auth/authenticator';
import type { RevocationBus } from '../auth/revocation-bus';
import type { UsageTracker } from '../auth/usage-tracker';
import {
  assertHeld,
  assertMayRevoke,
  DEFAULT_ROLE,
  expiryOf,
  resolveGrant,
  STOREFRONT_ROLE,
  STOREFRONT_SCOPES,
} from '../domain/api-key-policy';
import { latest, toApiKey } from '../domain/api-key-view';
import type { StorefrontChannels } from '../peers/storefront-channels';
import type { ApiKeyUsageRepository } from '../store/api-key-usage.repository';
import type { ApiKeyRepository } from '../store/api-key.repository';

export interface ApiKeyRouteDeps {
  keys: ApiKeyRepository;
  usage: ApiKeyUsageRepository;
  tracker: UsageTracker;
  authenticator: Authenticator;
  revocations: RevocationBus;
  /** Is the channel a STOREFRONT sales channel of the organization (the catalog's answer)? */
  storefrontChannels: StorefrontChannels;
}

/** What the calling key holds: a key it creates or revokes may hold no more (api-key-policy). */
const heldBy = (req: Request) => req.caller!.permissions;

export function apiKeyRoutes(deps: ApiKeyRouteDeps): Router {
  const router = Router();
  validatePathIds(router);
  bindRoute(router, GATEWAY_API.listApiKeys, async ({ orgId, query: page }) => {
    const { keys, usage, tracker } = deps;
    const { records, total } = await keys.listActive(orgId, page);
    const used = await usage.lastUsed(
      orgId,
      records.map((r) => r._id),
    );
    const data = records.map((r) => toApiKey(r, latest(used.get(r._id), tracker.pendingFor(r._id))));
    return { data, total, ...page };
  });

  bindRoute(router, GATEWAY_API.describeApiKeyPermissions, ({ req }) => {
    const held = new Set(heldBy(req));
    return {
      permissions: ASSIGNABLE_PERMISSIONS.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name] })),
      grantable: ASSIGNABLE_PERMISSIONS.filter((p) => held.has(p)),
      roles: ROLES.map((name) => ({ name, permissions: [...ROLE_PRESETS[name]] })),
      defaultRole: DEFAULT_ROLE,
    };
  });

  bindRoute(router, GATEWAY_API.createApiKey, async ({ orgId, body, req }) => {
    const grant = resolveGrant(body, heldBy(req));
    const created = await deps.keys.create({ orgId, type: 'admin', name: body.name, ...grant });
    return { ...toApiKey(created.record, null), key: created.token };
  });

  bindStorefrontKey(router, deps);
  bindRevoke(router, deps);
  return router;
}

/** Bound to a STOREFRONT sales channel of the organization: the storefront routes trust that binding. */
function bindStorefrontKey(router: Router, { keys, storefrontChannels }: ApiKeyRouteDeps): void {
  bindRoute(router, GATEWAY_API.createStorefrontKey, async ({ orgId, body, req }) => {
    const expiresAt = expiryOf(body.expiresAt, new Date());
    assertHeld(STOREFRONT_SCOPES, heldBy(req));
    await storefrontChannels(orgId, body.channelId);
    const created = await keys.create({
      orgId,
      type: 'storefront',
      name: body.name,
      role: STOREFRONT_ROLE,
      scopes: STOREFRONT_SCOPES,
      channelId: body.channelId,
      expiresAt,
    });
    return { ...toApiKey(created.record, null), key: created.token };
  });
}

/**
 * Only a key this key could have created (api-key-policy: assertMayRevoke). Refused here at
 * once, then on every other replica through the revocation broadcast.
 */
function bindRevoke(router: Router, { keys, authenticator, revocations }: ApiKeyRouteDeps): void {
  bindRoute(router, GATEWAY_API.revokeApiKey, async ({ orgId, params, req }) => {
    const keyId = params.id;
    const target = await keys.findActive(orgId, keyId);
    if (!target) throw notFound('API key');
    assertMayRevoke(target, heldBy(req));
    if (!(await keys.revoke(orgId, keyId))) throw notFound('API key');
    authenticator.revoked(keyId);
    await revocations.publish(keyId);
  });
}

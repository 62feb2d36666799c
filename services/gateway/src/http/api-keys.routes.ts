import { Router, type Request, type Response } from 'express';
import {
  ASSIGNABLE_PERMISSIONS,
  CreateApiKeySchema,
  CreateStorefrontKeySchema,
  PageQuerySchema,
  PERMISSION_DESCRIPTIONS,
  ROLE_PRESETS,
  ROLES,
  type ApiKeyPermissions,
} from '@stockyard/contracts';
import { bodyOf, notFound, queryOf, validatePathIds } from '@stockyard/service-kit';
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

const callerOf = (req: Request) => req.caller!;
type Handler = (req: Request, res: Response) => Promise<void> | void;

const listKeys =
  ({ keys, usage, tracker }: ApiKeyRouteDeps): Handler =>
  async (req, res) => {
    const page = queryOf(req, PageQuerySchema);
    const orgId = callerOf(req).key.orgId;
    const { records, total } = await keys.listActive(orgId, page);
    const used = await usage.lastUsed(
      orgId,
      records.map((r) => r._id),
    );
    const data = records.map((r) => toApiKey(r, latest(used.get(r._id), tracker.pendingFor(r._id))));
    res.json({ data, total, limit: page.limit, offset: page.offset });
  };

const describePermissions: Handler = (req, res) => {
  const held = new Set(callerOf(req).permissions);
  const body: ApiKeyPermissions = {
    permissions: ASSIGNABLE_PERMISSIONS.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name] })),
    grantable: ASSIGNABLE_PERMISSIONS.filter((p) => held.has(p)),
    roles: ROLES.map((name) => ({ name, permissions: [...ROLE_PRESETS[name]] })),
    defaultRole: DEFAULT_ROLE,
  };
  res.json(body);
};

const createKey =
  ({ keys }: ApiKeyRouteDeps): Handler =>
  async (req, res) => {
    const body = bodyOf(req, CreateApiKeySchema);
    const caller = callerOf(req);
    const grant = resolveGrant(body, caller.permissions);
    const created = await keys.create({ orgId: caller.key.orgId, type: 'admin', name: body.name, ...grant });
    res.status(201).json({ ...toApiKey(created.record, null), key: created.token });
  };

/** Bound to a STOREFRONT sales channel of the organization: the storefront routes trust that binding. */
const createStorefrontKey =
  ({ keys, storefrontChannels }: ApiKeyRouteDeps): Handler =>
  async (req, res) => {
    const body = bodyOf(req, CreateStorefrontKeySchema);
    const caller = callerOf(req);
    const expiresAt = expiryOf(body.expiresAt, new Date());
    assertHeld(STOREFRONT_SCOPES, caller.permissions);
    await storefrontChannels(caller.key.orgId, body.channelId);
    const created = await keys.create({
      orgId: caller.key.orgId,
      type: 'storefront',
      name: body.name,
      role: STOREFRONT_ROLE,
      scopes: STOREFRONT_SCOPES,
      channelId: body.channelId,
      expiresAt,
    });
    res.status(201).json({ ...toApiKey(created.record, null), key: created.token });
  };

/**
 * Only a key this key could have created (api-key-policy: assertMayRevoke). Refused here at
 * once, then on every other replica through the revocation broadcast.
 */
const revokeKey =
  ({ keys, authenticator, revocations }: ApiKeyRouteDeps): Handler =>
  async (req, res) => {
    const keyId = String(req.params.id);
    const caller = callerOf(req);
    const target = await keys.findActive(caller.key.orgId, keyId);
    if (!target) throw notFound('API key');
    assertMayRevoke(target, caller.permissions);
    if (!(await keys.revoke(caller.key.orgId, keyId))) throw notFound('API key');
    authenticator.revoked(keyId);
    await revocations.publish(keyId);
    res.status(204).end();
  };

export function apiKeyRoutes(deps: ApiKeyRouteDeps): Router {
  const router = Router();
  validatePathIds(router);
  router.get('/api-keys', listKeys(deps));
  router.get('/api-keys/permissions', describePermissions);
  router.post('/api-keys', createKey(deps));
  router.post('/api-keys/storefront', createStorefrontKey(deps));
  router.delete('/api-keys/:id', revokeKey(deps));
  return router;
}

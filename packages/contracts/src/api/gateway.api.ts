import {
  ApiKeyPermissionsSchema,
  ApiKeySchema,
  CreateApiKeySchema,
  CreateStorefrontKeySchema,
  CreatedApiKeySchema,
} from '../api-keys';
import { listOf, PageQuerySchema } from '../lists';
import { OrgSettingsSchema, UpdateOrgSettingsSchema } from '../settings';
import { declareRoutes } from './bound-route';
import { gatewayCodes } from './gateway.errors';

const { spec, added } = declareRoutes('gateway');

/** The gateway's own routes (API keys, settings) with their wire shapes; it proxies every other row. */
export const GATEWAY_API = {
  // API keys: the spec shows no statuses; these follow the conventions of the other sections.
  listApiKeys: spec('GET', '/api-keys', 'apikeys.manage', 200, {
    query: PageQuerySchema,
    response: listOf(ApiKeySchema),
  }),
  describeApiKeyPermissions: spec('GET', '/api-keys/permissions', 'apikeys.manage', 200, {
    response: ApiKeyPermissionsSchema,
  }),
  createApiKey: spec('POST', '/api-keys', 'apikeys.manage', 201, {
    body: CreateApiKeySchema,
    response: CreatedApiKeySchema,
    secretFields: ['key'],
    errors: gatewayCodes(
      'unknown_role',
      'unknown_permission',
      'owner_only_permission',
      'scope_not_held',
      'expires_at_in_past',
    ),
  }),
  createStorefrontKey: spec('POST', '/api-keys/storefront', 'apikeys.manage', 201, {
    body: CreateStorefrontKeySchema,
    response: CreatedApiKeySchema,
    secretFields: ['key'],
    errors: gatewayCodes(
      'unknown_role',
      'unknown_permission',
      'owner_only_permission',
      'scope_not_held',
      'expires_at_in_past',
      'unknown_channel',
      'channel_not_storefront',
      'dependency_unavailable',
    ),
  }),
  revokeApiKey: spec('DELETE', '/api-keys/{id}', 'apikeys.manage', 204, {
    response: null,
    errors: gatewayCodes('scope_not_held'),
  }),
  // Added where the spec names a permission but shows no endpoint
  getSettings: added('GET', '/settings', 'settings.read', 200, { response: OrgSettingsSchema }),
  updateSettings: added('PATCH', '/settings', 'settings.write', 200, {
    body: UpdateOrgSettingsSchema,
    response: OrgSettingsSchema,
  }),
};

import {
  ApiKeyPermissionsSchema,
  ApiKeySchema,
  CreateApiKeySchema,
  CreateStorefrontKeySchema,
  CreatedApiKeySchema,
} from '../api-keys';
import { listOf, PageQuerySchema } from '../lists';
import { OrgSettingsSchema, UpdateOrgSettingsSchema } from '../settings';
import { apiRoute } from './bound-route';
import { gatewayCodes } from './gateway.errors';

/** The gateway's own routes (API keys, settings) with their wire shapes; it proxies every other row. */
export const GATEWAY_API = {
  listApiKeys: apiRoute('GET', '/api-keys', { query: PageQuerySchema, response: listOf(ApiKeySchema) }),
  describeApiKeyPermissions: apiRoute('GET', '/api-keys/permissions', { response: ApiKeyPermissionsSchema }),
  createApiKey: apiRoute('POST', '/api-keys', {
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
  createStorefrontKey: apiRoute('POST', '/api-keys/storefront', {
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
  revokeApiKey: apiRoute('DELETE', '/api-keys/{id}', { response: null, errors: gatewayCodes('scope_not_held') }),
  getSettings: apiRoute('GET', '/settings', { response: OrgSettingsSchema }),
  updateSettings: apiRoute('PATCH', '/settings', { body: UpdateOrgSettingsSchema, response: OrgSettingsSchema }),
};

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

/** The gateway's own routes (API keys, settings) with their wire shapes; it proxies every other row. */
export const GATEWAY_API = {
  listApiKeys: apiRoute('GET', '/api-keys', { query: PageQuerySchema, response: listOf(ApiKeySchema) }),
  describeApiKeyPermissions: apiRoute('GET', '/api-keys/permissions', { response: ApiKeyPermissionsSchema }),
  createApiKey: apiRoute('POST', '/api-keys', {
    body: CreateApiKeySchema,
    response: CreatedApiKeySchema,
    secretFields: ['key'],
  }),
  createStorefrontKey: apiRoute('POST', '/api-keys/storefront', {
    body: CreateStorefrontKeySchema,
    response: CreatedApiKeySchema,
    secretFields: ['key'],
  }),
  revokeApiKey: apiRoute('DELETE', '/api-keys/{id}', { response: null }),
  getSettings: apiRoute('GET', '/settings', { response: OrgSettingsSchema }),
  updateSettings: apiRoute('PATCH', '/settings', { body: UpdateOrgSettingsSchema, response: OrgSettingsSchema }),
};

import { codePicker, type ErrorCatalog } from './error-codes';

/** The gateway's own routes' error codes (services/gateway/README.md, "Creating keys"). */
export const GATEWAY_ERRORS = {
  unknown_role: { type: 'bad_request', description: 'role names no preset (details: role)' },
  unknown_permission: { type: 'bad_request', description: 'scopes name unknown permissions (details)' },
  owner_only_permission: { type: 'forbidden', description: 'scopes name an owner-only permission' },
  scope_not_held: { type: 'forbidden', description: 'A permission the calling key does not hold (details)' },
  expires_at_in_past: { type: 'unprocessable', description: 'expiresAt is now or in the past' },
  unknown_channel: { type: 'unprocessable', description: 'channelId names no sales channel of the organization' },
  channel_not_storefront: { type: 'unprocessable', description: 'The channel is not a STOREFRONT channel' },
} satisfies ErrorCatalog;

export const gatewayCodes = codePicker(GATEWAY_ERRORS);

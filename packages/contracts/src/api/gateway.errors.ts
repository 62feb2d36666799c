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

/**
 * Codes the gateway service makes that no partner operation lists as `error.code`: its internal
 * API's, its background work's, and where each goes. Its error makers take them with the above.
 */
export const GATEWAY_UNLISTED_ERRORS = {
  route_not_found: { type: 'not_found', description: 'A path the route table lacks: no operation to list it on' },
  method_not_allowed: { type: 'method_not_allowed', description: 'A method the route table lacks for the path' },
} satisfies ErrorCatalog;

import { codePicker, type ErrorCatalog } from './error-codes';

/** The webhooks service's business error codes (services/webhooks/src/domain, the kit's URL rule). */
export const WEBHOOKS_ERRORS = {
  webhook_url_not_https: { type: 'unprocessable', description: 'The URL is not https (nor allow-listed)' },
  webhook_url_private_address: {
    type: 'unprocessable',
    description: 'The host resolves to a private, loopback or link-local address',
  },
  webhook_url_unresolvable: { type: 'unprocessable', description: 'The host does not resolve' },
  delivery_not_failed: { type: 'conflict', description: 'Only a failed delivery is replayed' },
  webhook_endpoint_disabled: { type: 'conflict', description: 'The endpoint is disabled; re-enable it first' },
  export_not_cancellable: { type: 'conflict', description: 'The export has finished (completed, failed or cancelled)' },
} satisfies ErrorCatalog;

export const webhooksCodes = codePicker(WEBHOOKS_ERRORS);

/**
 * Codes the webhooks service makes that no partner operation lists as `error.code`: its internal
 * API's, its background work's, and where each goes. Its error makers take them with the above.
 */
export const WEBHOOKS_UNLISTED_ERRORS = {} satisfies ErrorCatalog;

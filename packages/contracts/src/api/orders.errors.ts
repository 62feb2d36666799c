import { codePicker, type ErrorCatalog } from './error-codes';

/** The orders service's business error codes (services/orders/src/domain/*.errors.ts). */
export const ORDERS_ERRORS = {
  order_trashed: { type: 'conflict', description: 'The order is in the trash; restore it first' },
  order_finished: { type: 'conflict', description: 'The order is SHIPPED, DELIVERED or CANCELLED' },
  holds_not_refreshable: { type: 'conflict', description: 'The line has a COMMITTED or PO-linked hold' },
  unknown_channel: { type: 'unprocessable', description: 'channelId names no live sales channel' },
  wrong_channel_platform: {
    type: 'unprocessable',
    description: 'POST /orders takes API channels, the checkout STOREFRONT ones',
  },
  channel_inactive: { type: 'unprocessable', description: 'The channel is inactive and takes no new orders' },
  unknown_variant: { type: 'unprocessable', description: 'A line names a variant the catalog lacks (details)' },
  price_missing: { type: 'unprocessable', description: 'A variant without a price in a checkout (details)' },
  variant_not_on_channel: { type: 'unprocessable', description: 'A variant not listed on the key’s channel' },
  storefront_channel_required: { type: 'forbidden', description: 'The key is bound to no storefront channel' },
  line_not_found: { type: 'unprocessable', description: 'A lineId that is no line of the order' },
  over_shipment: { type: 'unprocessable', description: 'More than a line’s unshipped quantity' },
  nothing_to_ship: { type: 'unprocessable', description: 'Every line is shipped already' },
  channel_not_pullable: { type: 'unprocessable', description: 'The order’s channel is not an HTTP_FEED' },
  feed_fetch_failed: { type: 'unprocessable', description: 'The channel’s feed did not answer usably' },
  feed_order_not_found: { type: 'unprocessable', description: 'The feed has no such order' },
  unknown_source: { type: 'unprocessable', description: 'sourceChannelId is no live supplier source' },
  source_not_offering_variant: { type: 'unprocessable', description: 'The source has no offer of the variant' },
  reservation_not_on_order: { type: 'unprocessable', description: 'A reservation id that is no hold of the order' },
} satisfies ErrorCatalog;

export const ordersCodes = codePicker(ORDERS_ERRORS);

/**
 * Codes the orders service makes that no partner operation lists as `error.code`: its internal
 * API's, its background work's, and where each goes. Its error makers take them with the above.
 */
export const ORDERS_UNLISTED_ERRORS = {
  catalog_refused: {
    type: 'unprocessable',
    description: 'The feed poller’s report of a feed’s status, in the background',
  },
  feed_url_not_https: {
    type: 'unprocessable',
    description: 'The feed client’s URL rule: answered as feed_fetch_failed',
  },
  feed_url_private_address: {
    type: 'unprocessable',
    description: 'The feed client’s URL rule: answered as feed_fetch_failed',
  },
  feed_url_unresolvable: {
    type: 'unprocessable',
    description: 'The feed client’s URL rule: answered as feed_fetch_failed',
  },
} satisfies ErrorCatalog;

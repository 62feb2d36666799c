import { ordersClient } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';
import { NO_HOLDS, type HoldLookup } from '../ports';

/** Orders' internal holds API (contracts orders-internal.ts); orders away is a 503. */
export function orderHolds(config: Config): HoldLookup {
  if (!config.ORDERS_URL) return NO_HOLDS;
  const client = ordersClient(peerOptions('purchasing', config, config.ORDERS_URL));
  return {
    holds: (orgId, ids) => callPeer('orders', () => client.holds(orgId, ids), 'unavailable'),
    openHoldsOf: (orgId, variantIds) => callPeer('orders', () => client.openHolds(orgId, variantIds), 'unavailable'),
    // A refusal is a 422 here: the tell that sent it drops it rather than retrying it forever.
    async linked(orgId, ids, purchaseOrderId, purchaseOrderLineId) {
      await callPeer('orders', () => client.link(orgId, { ids, purchaseOrderId, purchaseOrderLineId }));
    },
  };
}

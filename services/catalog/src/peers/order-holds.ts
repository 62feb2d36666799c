import { ordersClient } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';
import { NO_HOLDS, type HoldLookup } from '../ports';

/** Orders' internal read of open holds by variant; orders away is a 503, never a conversion let through. */
export function orderHolds(config: Config): HoldLookup {
  if (!config.ORDERS_URL) return NO_HOLDS;
  const client = ordersClient(peerOptions('catalog', config, config.ORDERS_URL));
  return {
    openHoldCountOf: (orgId, variantIds) =>
      callPeer('orders', () => client.openHoldCount(orgId, variantIds), 'unavailable'),
  };
}

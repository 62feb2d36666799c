import { inventoryClient } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';

/** Available stock (on hand − reserved, every warehouse) of some variants, by id. */
export type AvailableStock = (orgId: string, variantIds: string[]) => Promise<Record<string, number>>;

export function availableStock(config: Config): AvailableStock {
  const client = inventoryClient(peerOptions('orders', config, config.INVENTORY_URL));
  return async (orgId, variantIds) => {
    if (variantIds.length === 0) return {};
    const rows = await callPeer('inventory', () => client.stockOnHand(orgId, variantIds), 'unavailable');
    return Object.fromEntries(rows.map((r) => [r.variantId, r.available]));
  };
}

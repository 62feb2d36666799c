import { inventoryClient } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';
import type { StockLookup } from '../ports';

/** Inventory's internal stock read, through the typed client; a peer that fails is a 503, never a 500 or a hang. */
export function inventoryStock(config: Config): StockLookup {
  const client = inventoryClient(peerOptions('catalog', config, config.INVENTORY_URL));
  const read = (orgId: string, variantIds: string[]) =>
    callPeer('inventory', () => client.stockOnHand(orgId, variantIds), 'unavailable');
  return {
    onHand: async (orgId, variantIds) => new Map((await read(orgId, variantIds)).map((r) => [r.variantId, r.onHand])),
    available: async (orgId, variantIds) =>
      new Map((await read(orgId, variantIds)).map((r) => [r.variantId, r.available])),
  };
}

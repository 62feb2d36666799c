import { inventoryClient } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';

/** What invoicing reads of inventory: on hand per variant over every warehouse (the summary's split). */
interface StockReads {
  onHand(orgId: string, variantIds: string[]): Promise<Map<string, number>>;
}

export function stockReads(config: Config): StockReads {
  const client = inventoryClient(peerOptions('invoicing', config, config.INVENTORY_URL));
  return {
    onHand: async (orgId, variantIds) => {
      const unique = [...new Set(variantIds)];
      const rows = await callPeer('inventory', () => client.stockOnHand(orgId, unique), 'unavailable');
      return new Map(rows.map((r) => [r.variantId, r.onHand]));
    },
  };
}

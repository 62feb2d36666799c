import { inventoryClient } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';
import type { StockLookup } from '../ports';

/** Variants one internal read takes (the routes' maximum). */
const PER_CALL = 500;

/** Inventory's internal stock read, through the typed client; a peer that fails is a 503, never a 500 or a hang. */
export function inventoryStock(config: Config): StockLookup {
  const client = inventoryClient(peerOptions('catalog', config, config.INVENTORY_URL));
  const read = (orgId: string, variantIds: string[]) =>
    callPeer('inventory', () => client.stockOnHand(orgId, variantIds), 'unavailable');
  /** The (variant, warehouse) pairs with stock rows, narrowed to the variants: a page of pairs at a time. */
  const stockedAmong = async (orgId: string, variantIds: string[], found: Set<string>) => {
    let after: string | undefined;
    do {
      const query = { variantIds, limit: PER_CALL, ...(after === undefined ? {} : { after }) };
      const page = await callPeer('inventory', () => client.reorderLevels(orgId, query), 'unavailable');
      for (const pair of page.data) found.add(pair.variantId);
      after = page.next ?? undefined;
    } while (after !== undefined);
  };
  return {
    onHand: async (orgId, variantIds) => new Map((await read(orgId, variantIds)).map((r) => [r.variantId, r.onHand])),
    available: async (orgId, variantIds) =>
      new Map((await read(orgId, variantIds)).map((r) => [r.variantId, r.available])),
    async stockedIds(orgId, variantIds) {
      const found = new Set<string>();
      const unique = [...new Set(variantIds)];
      for (let i = 0; i < unique.length; i += PER_CALL) await stockedAmong(orgId, unique.slice(i, i + PER_CALL), found);
      return found;
    },
  };
}

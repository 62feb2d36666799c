import { callRoute, INTERNAL_ROUTES, MAX_ON_ORDER_VARIANTS } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import { inParts } from '@stockyard/service-kit/store';
import type { Config } from '../config';

/**
 * What is on order of these variants per `variantId@warehouseId` (into that warehouse, when one is
 * named), over purchasing's open orders; a pair absent has none. Purchasing failing is a 503.
 */
export type PurchasingOnOrder = (
  orgId: string,
  variantIds: string[],
  warehouseId?: string,
) => Promise<Map<string, number>>;

/** Purchasing's internal on-order read, a call per 500 variants (one for a page of the report). */
export function purchasingOnOrder(config: Config): PurchasingOnOrder {
  const peer = { ...peerOptions('inventory', config, config.PURCHASING_URL), peer: 'purchasing' };
  return async (orgId, variantIds, warehouseId) => {
    const rows = await inParts([...new Set(variantIds)], MAX_ON_ORDER_VARIANTS, async (part) => {
      const query = { variantIds: part, ...(warehouseId ? { warehouseId } : {}) };
      const route = INTERNAL_ROUTES.purchasingOnOrder;
      return (await callPeer('purchasing', () => callRoute(peer, orgId, route, query), 'unavailable')).data;
    });
    return new Map(rows.map((row) => [`${row.variantId}@${row.warehouseId}`, row.quantity]));
  };
}

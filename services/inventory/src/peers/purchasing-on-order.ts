import { callRoute, INTERNAL_ROUTES, MAX_ON_ORDER_VARIANTS } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
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
    const onOrder = new Map<string, number>();
    const ids = [...new Set(variantIds)];
    for (let i = 0; i < ids.length; i += MAX_ON_ORDER_VARIANTS) {
      const query = { variantIds: ids.slice(i, i + MAX_ON_ORDER_VARIANTS), ...(warehouseId ? { warehouseId } : {}) };
      const { data } = await callPeer(
        'purchasing',
        () => callRoute(peer, orgId, INTERNAL_ROUTES.purchasingOnOrder, query),
        'unavailable',
      );
      for (const row of data) onOrder.set(`${row.variantId}@${row.warehouseId}`, row.quantity);
    }
    return onOrder;
  };
}

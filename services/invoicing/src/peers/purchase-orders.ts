import { purchasingClient, type InternalPurchaseOrder } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';

/** What invoicing reads of purchasing: an order with its lines (ordered, received, unit cost, SKUs). */
export interface PurchaseOrderReads {
  /** The organization's order (trashed too, `deletedAt` set), or undefined. */
  order(orgId: string, id: string): Promise<InternalPurchaseOrder | undefined>;
}

/**
 * Purchasing's internal batch read, asked at the moment of each use (matching, allocation, the
 * summary): received quantities and costs must be the current ones (services/invoicing/README.md).
 */
export function purchaseOrderReads(config: Config): PurchaseOrderReads {
  const client = purchasingClient(peerOptions('invoicing', config, config.PURCHASING_URL));
  return {
    order: async (orgId, id) =>
      (await callPeer('purchasing', () => client.purchaseOrders(orgId, [id]), 'unavailable')).data.find(
        (po) => po.id === id,
      ),
  };
}

import type { PeerOptions } from '../internal-call';
import type { PurchaseOrderBatch } from '../purchasing-internal';
import { callRoute } from './call-route';
import { INTERNAL_ROUTES as R } from './route-table';

/** The typed client of purchasing's internal API, over the internal route table. */
export function purchasingClient(options: Omit<PeerOptions, 'peer'>) {
  const peer = { ...options, peer: 'purchasing' };
  return {
    purchaseOrders: (orgId: string, ids: string[]): Promise<PurchaseOrderBatch> =>
      callRoute(peer, orgId, R.purchasingPurchaseOrders, { ids }),
  };
}
export type PurchasingClient = ReturnType<typeof purchasingClient>;

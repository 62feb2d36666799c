import { purchasingClient } from '@stockyard/contracts';
import { peerOptions, type Logger } from '@stockyard/service-kit';
import type { Config } from '../config';

/** Purchase orders' expected dates by id (purchasing's internal batch); purchasing away: none known. */
export function purchaseDates(config: Config, logger: Logger) {
  const client = purchasingClient(peerOptions('orders', config, config.PURCHASING_URL));
  return async (orgId: string, ids: string[]): Promise<Map<string, string | null>> => {
    if (ids.length === 0) return new Map();
    try {
      const batch = await client.purchaseOrders(orgId, ids);
      return new Map(batch.data.map((po) => [po.id, po.expectedAt]));
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'purchase order dates unread');
      return new Map();
    }
  };
}
export type PurchaseDates = ReturnType<typeof purchaseDates>;

import {
  callRoute,
  INTERNAL_ROUTES,
  purchasingClient,
  type InternalPurchaseOrder,
  type InternalReceiptLine,
  type ReceiptLines,
} from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import { inParts } from '@stockyard/service-kit/store';
import type { Config } from '../config';

/** Orders asked of purchasing's batch read at once (its maximum). */
const BATCH = 500;

/** What the purchase-spend report reads of purchasing: the period's receipt lines, and orders by id. */
export interface PurchaseSpendReads {
  /** Every receipt line applied in [from, to), page after page of purchasing's internal read. */
  receiptLines(orgId: string, from: Date, to: Date): Promise<InternalReceiptLine[]>;
  /** The organization's orders among the ids (trashed too), in batches of 500. */
  orders(orgId: string, ids: string[]): Promise<InternalPurchaseOrder[]>;
}

/**
 * Purchasing's internal reads, asked at each report: receipts live in purchasing's orders, so the
 * report is exact for every receipt ever applied, not only those after invoicing started listening.
 */
export function purchaseSpendReads(config: Config): PurchaseSpendReads {
  const options = peerOptions('invoicing', config, config.PURCHASING_URL);
  const peer = { ...options, peer: 'purchasing' };
  const client = purchasingClient(options);
  return {
    async receiptLines(orgId, from, to) {
      const lines: InternalReceiptLine[] = [];
      let after: string | null = null;
      do {
        const query = { from: from.toISOString(), to: to.toISOString(), after };
        const page: ReceiptLines = await callPeer(
          'purchasing',
          () => callRoute(peer, orgId, INTERNAL_ROUTES.purchasingReceiptLines, query),
          'unavailable',
        );
        lines.push(...page.data);
        after = page.next;
      } while (after !== null);
      return lines;
    },
    orders: (orgId, ids) =>
      inParts(
        [...new Set(ids)],
        BATCH,
        async (part) => (await callPeer('purchasing', () => client.purchaseOrders(orgId, part), 'unavailable')).data,
        { together: true },
      ),
  };
}

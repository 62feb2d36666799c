import { inventoryClient, type InternalPurchaseOrder } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';

/** What invoicing reads of inventory: of an order's received lines, the units still on hand (the summary's split). */
interface StockReads {
  /** On hand per purchase-order line id; a line not in it has none (nothing received, or a DROPSHIP order). */
  linesOnHand(orgId: string, po: InternalPurchaseOrder): Promise<Map<string, number>>;
}

export function stockReads(config: Config): StockReads {
  const client = inventoryClient(peerOptions('invoicing', config, config.INVENTORY_URL));
  return {
    linesOnHand: async (orgId, po) => {
      const { warehouseId } = po;
      // A DROPSHIP order's goods never enter stock: nothing of it is on hand, nothing to ask.
      if (!warehouseId) return new Map();
      const received = po.lines.filter((l) => l.receivedQuantity > 0);
      const lines = received.map((l) => ({
        // The key its receipts' cost layers carry (purchasing receives with it).
        origin: `${po.id}:${l.id}`,
        variantId: l.variantId,
        warehouseId,
        receivedQuantity: l.receivedQuantity,
      }));
      const rows = await callPeer('inventory', () => client.linesOnHand(orgId, lines), 'unavailable');
      // One row per asked line, in the asked order.
      return new Map(rows.map((r, i) => [received[i]!.id, r.onHand]));
    },
  };
}

import type { CreatePurchaseOrder } from '@stockyard/contracts';
import type { PurchaseOrder } from './purchase-order';

/**
 * What ordering again from an earlier order creates: a DRAFT to the same supplier, of the same type,
 * into the same warehouse, in its currency, with its notes and each line's variant, quantity ordered,
 * unit cost and supplier SKU. Not copied: its number (a new one is drawn), expected date, receipts,
 * tracking, attachments and invoices. Any order may be copied, a trashed or cancelled one too.
 */
export function duplicatePurchaseOrder(po: PurchaseOrder): CreatePurchaseOrder {
  return {
    channelId: po.channelId,
    type: po.type,
    ...(po.warehouseId ? { warehouseId: po.warehouseId } : {}),
    currency: po.currency,
    ...(po.notes ? { notes: po.notes } : {}),
    lines: po.lines.map((line) => ({
      variantId: line.variantId,
      quantity: line.quantity,
      unitCost: line.unitCost,
      ...(line.supplierSku ? { supplierSku: line.supplierSku } : {}),
    })),
  };
}

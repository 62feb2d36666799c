import type { InternalPurchaseOrder, PurchaseOrder as PurchaseOrderWire } from '@stockyard/contracts';
import { lineTotalCents, openQuantityOf, orderTotal, type PurchaseOrder } from './purchase-order';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The order's wire shape (what the routes answer). */
export function purchaseOrderView(po: PurchaseOrder): PurchaseOrderWire {
  return {
    id: po.id,
    orderNumber: po.orderNumber,
    status: po.status,
    type: po.type,
    channelId: po.channelId,
    supplierName: po.supplierName,
    warehouseId: po.warehouseId,
    currency: po.currency,
    expectedAt: iso(po.expectedAt),
    notes: po.notes,
    lines: po.lines.map((l) => ({
      id: l.id,
      variantId: l.variantId,
      sku: l.sku,
      name: l.name,
      supplierSku: l.supplierSku,
      quantity: l.quantity,
      unitCost: l.unitCost,
      receivedQuantity: l.receivedQuantity,
      openQuantity: openQuantityOf(po, l),
      total: lineTotalCents(l) / 100,
      reservationIds: l.reservationIds,
    })),
    total: orderTotal(po),
    receipts: po.receipts.map((r) => ({
      id: r.id,
      lineId: r.lineId,
      quantity: r.quantity,
      binId: r.binId,
      status: r.status,
      error: r.error,
      recordedAt: iso(r.recordedAt)!,
      appliedAt: iso(r.appliedAt),
    })),
    tracking: po.tracking.map((t) => ({ ...t, addedAt: iso(t.addedAt)! })),
    attachments: po.attachments.map((a) => ({ ...a, createdAt: iso(a.createdAt)! })),
    hasInvoice: po.hasInvoice,
    submittedAt: iso(po.submittedAt),
    receivedAt: iso(po.receivedAt),
    cancelledAt: iso(po.cancelledAt),
    closedAt: iso(po.closedAt),
    createdAt: iso(po.createdAt)!,
    updatedAt: iso(po.updatedAt)!,
    deletedAt: iso(po.deletedAt),
  };
}

/** The order as peers read it (internal API). */
export function internalPurchaseOrderView(po: PurchaseOrder): InternalPurchaseOrder {
  const expectedAt = iso(po.expectedAt);
  return {
    id: po.id,
    orderNumber: po.orderNumber,
    status: po.status,
    type: po.type,
    channelId: po.channelId,
    warehouseId: po.warehouseId,
    currency: po.currency,
    expectedAt,
    deletedAt: iso(po.deletedAt),
    lines: po.lines.map((l) => ({
      id: l.id,
      variantId: l.variantId,
      sku: l.sku,
      supplierSku: l.supplierSku,
      quantity: l.quantity,
      receivedQuantity: l.receivedQuantity,
      unitCost: l.unitCost,
      expectedAt,
      reservationIds: l.reservationIds,
    })),
  };
}

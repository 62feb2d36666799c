import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import type { OrderLine, PurchaseOrder, ReceiptRecord } from './purchase-order';

export const created = (po: PurchaseOrder): EventEnvelope =>
  newEvent('purchase_order.created', {
    orgId: po.orgId,
    purchaseOrderId: po.id,
    orderNumber: po.orderNumber,
    channelId: po.channelId,
    type: po.type,
    status: po.status,
  });

/** The status event of a change, or none when the status stayed. */
export const statusChanged = (before: PurchaseOrder, after: PurchaseOrder): EventEnvelope[] =>
  before.status === after.status
    ? []
    : [
        newEvent('purchase_order.status_changed', {
          orgId: after.orgId,
          purchaseOrderId: after.id,
          orderNumber: after.orderNumber,
          fromStatus: before.status,
          toStatus: after.status,
        }),
      ];

export const lineReceived = (po: PurchaseOrder, line: OrderLine, receipt: ReceiptRecord, at: Date): EventEnvelope =>
  newEvent('purchase_order.line_received', {
    orgId: po.orgId,
    purchaseOrderId: po.id,
    orderNumber: po.orderNumber,
    lineId: line.id,
    receiptId: receipt.id,
    variantId: line.variantId,
    quantity: receipt.quantity,
    unitCost: line.unitCost,
    receivedQuantity: line.receivedQuantity,
    warehouseId: po.type === 'DROPSHIP' ? null : po.warehouseId,
    receivedAt: at.toISOString(),
  });

/** Local, never published: orders is told which holds a line links (store/hold-link-tells.ts). */
export const HOLDS_LINKED = 'purchase_order.holds_linked';

export const holdsLinked = (po: PurchaseOrder, lineId: string, reservationIds: string[]): EventEnvelope =>
  newEvent(HOLDS_LINKED, { orgId: po.orgId, purchaseOrderId: po.id, lineId, reservationIds });

import { ListRows } from '@stockyard/service-kit';
import type { PurchaseOrder } from '../domain/purchase-order';
import { purchaseOrderView } from '../domain/purchase-order-view';
import type { PurchaseOrderModel } from './purchase-order.model';
import type { PurchaseOrderRowModel } from './purchase-order-row.model';

/** An order's list row (its wire shape packed in `view`). */
export const rowOf = (po: PurchaseOrder) => ({
  orderNumber: po.orderNumber,
  status: po.status,
  channelId: po.channelId,
  supplierName: po.supplierName,
  hasInvoice: po.hasInvoice,
  hasAttachment: po.attachments.length > 0,
  attachmentKinds: [...new Set(po.attachments.map((a) => a.kind))],
  skus: po.lines
    .flatMap((l) => [l.sku ?? '', l.supplierSku ?? ''])
    .filter(Boolean)
    .join('\n'),
  expectedAt: po.expectedAt,
  createdAt: po.createdAt,
  updatedAt: po.updatedAt,
  deletedAt: po.deletedAt,
  view: JSON.stringify(purchaseOrderView(po)),
});

/**
 * The orders' list rows (the kit's `ListRows`), a projection of the order store kept with every
 * write. Every list reads them (store/purchase-order.repository.ts): a page is 50 flat documents.
 */
export const purchaseOrderRows = (rows: PurchaseOrderRowModel, orders: PurchaseOrderModel) =>
  new ListRows<PurchaseOrder>(rows.collection, orders.collection, {
    event: 'purchase_order.row_changed',
    refField: 'purchaseOrderId',
    rowOf,
  });
export type PurchaseOrderRows = ReturnType<typeof purchaseOrderRows>;

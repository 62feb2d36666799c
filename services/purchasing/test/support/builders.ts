import type { OrderLine, PurchaseOrder } from '../../src/domain/purchase-order';

export const NOW = new Date('2026-11-26T10:00:00Z');
let seq = 0;

export function aLine(fields: Partial<OrderLine> = {}): OrderLine {
  seq++;
  return {
    id: `pol_${seq}`,
    variantId: 'var_1',
    sku: 'SKU-1',
    name: 'Widget',
    supplierSku: 'SUP-1',
    quantity: 3,
    unitCost: 2.5,
    receivedQuantity: 0,
    reservationIds: [],
    ...fields,
  };
}

/** A purchase order as the store would hold it (SUBMITTED-ready: one line of 3). */
export function anOrder(fields: Partial<PurchaseOrder> = {}): PurchaseOrder {
  seq++;
  return {
    id: `po_${seq}`,
    orgId: 'org_1',
    version: 1,
    orderNumber: `PO-${String(seq).padStart(6, '0')}`,
    status: 'DRAFT',
    type: 'STANDARD',
    channelId: 'src_1',
    supplierName: 'Acme',
    warehouseId: 'wh_1',
    currency: 'EUR',
    expectedAt: null,
    notes: null,
    lines: [aLine()],
    receipts: [],
    tracking: [],
    attachments: [],
    invoiceIds: [],
    hasInvoice: false,
    pendingReceipts: false,
    submittedAt: null,
    receivedAt: null,
    cancelledAt: null,
    closedAt: null,
    createdAt: NOW,
    updatedAt: NOW,
    deletedAt: null,
    ...fields,
  };
}

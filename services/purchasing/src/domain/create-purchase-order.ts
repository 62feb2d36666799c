import type { EventEnvelope } from '@stockyard/contracts';
import type { NewPurchaseOrder, OrderLine, PurchaseOrder } from './purchase-order';
import { created } from './purchase-order-events';

interface NewOrderInput {
  orgId: string;
  id: string;
  orderNumber: string;
  channelId: string;
  supplierName: string;
  type: PurchaseOrder['type'];
  warehouseId: string | null;
  currency: string;
  expectedAt: Date | null;
  notes: string | null;
  lines: OrderLine[];
}

/** A new DRAFT order and its `purchase_order.created`. */
export function newPurchaseOrder(input: NewOrderInput): { state: NewPurchaseOrder; events: EventEnvelope[] } {
  const state: NewPurchaseOrder = {
    ...input,
    status: 'DRAFT',
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
    deletedAt: null,
  };
  return { state, events: [created({ ...state, version: 1, createdAt: new Date(), updatedAt: new Date() })] };
}

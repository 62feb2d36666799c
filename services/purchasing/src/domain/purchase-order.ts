import { addQuantities, fromUnits, QUANTITY_SCALE, toUnits } from '@stockyard/contracts';
import type { PurchaseOrderStatus, PurchaseOrderType } from '@stockyard/contracts';

/** A line of a purchase order: what was ordered of a variant, at what cost, and how much came in. */
export interface OrderLine {
  id: string;
  variantId: string;
  /** Our SKU and name of the variant when the line was added (printed, searched). */
  sku: string | null;
  name: string | null;
  supplierSku: string | null;
  quantity: number;
  unitCost: number;
  receivedQuantity: number;
  /** Customer-order holds waiting for this line. */
  reservationIds: string[];
}

/**
 * A receipt against a line. Recorded `pending` before inventory is asked to put the stock in
 * (operation key `<poId>:<lineId>:<receiptId>`), then `applied`, or `rejected` when inventory
 * refused it (nothing moved). A pending receipt counts against the line's open quantity.
 */
export interface ReceiptRecord {
  id: string;
  lineId: string;
  quantity: number;
  /** The bin asked for; null with `primaryBin` false is Unassigned. */
  binId: string | null;
  /** No bin was named: inventory puts it in the variant's primary bin, else Unassigned. */
  primaryBin: boolean;
  status: 'pending' | 'applied' | 'rejected';
  error: string | null;
  /** A hash of the Idempotency-Key that recorded it: a replay of that request takes this receipt up again. */
  requestKey: string | null;
  recordedAt: Date;
  appliedAt: Date | null;
}

export interface Tracking {
  id: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  addedAt: Date;
}

export interface Attachment {
  id: string;
  kind: 'image' | 'pdf';
  key: string;
  filename: string;
  contentType: string;
  size: number;
  createdAt: Date;
}

export interface PurchaseOrder {
  id: string;
  orgId: string;
  version: number;
  orderNumber: string;
  status: PurchaseOrderStatus;
  type: PurchaseOrderType;
  /** The supplier: a catalog source's id, and its name when the order was made (searched, printed). */
  channelId: string;
  supplierName: string;
  warehouseId: string | null;
  currency: string;
  expectedAt: Date | null;
  notes: string | null;
  lines: OrderLine[];
  receipts: ReceiptRecord[];
  tracking: Tracking[];
  attachments: Attachment[];
  /** Invoices recorded against the order (invoicing's `invoice.created`). */
  invoiceIds: string[];
  hasInvoice: boolean;
  /** Some receipt is still pending: the sweep looks for these. */
  pendingReceipts: boolean;
  submittedAt: Date | null;
  receivedAt: Date | null;
  cancelledAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** A new order's fields, before the store stamps version and dates. */
export type NewPurchaseOrder = Omit<PurchaseOrder, 'version' | 'createdAt' | 'updatedAt'>;

/** What pending receipts of the line hold. */
export const pendingOf = (po: PurchaseOrder, lineId: string) =>
  addQuantities(...po.receipts.filter((r) => r.lineId === lineId && r.status === 'pending').map((r) => r.quantity));

/** Ordered − received − pending: what a new receipt may still take. */
export const openQuantityOf = (po: PurchaseOrder, line: OrderLine) =>
  fromUnits(toUnits(line.quantity) - toUnits(line.receivedQuantity) - toUnits(pendingOf(po, line.id)));

/** quantity × unitCost in cents, rounded half up to the cent. */
export const lineTotalCents = (line: Pick<OrderLine, 'quantity' | 'unitCost'>) =>
  Math.round((toUnits(line.quantity) * Math.round(line.unitCost * 100)) / QUANTITY_SCALE);

export const orderTotal = (po: PurchaseOrder) => po.lines.reduce((sum, l) => sum + lineTotalCents(l), 0) / 100;

export const isFullyReceived = (po: PurchaseOrder) =>
  po.lines.length > 0 && po.lines.every((l) => toUnits(l.receivedQuantity) >= toUnits(l.quantity));

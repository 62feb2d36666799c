import type { InvoiceStatus, InvoiceType } from '@stockyard/contracts';
import { fromCents, sumCents, timesCents, toCents } from '@stockyard/contracts';

/**
 * A line of an invoice. Matched to a purchase-order line (`purchaseOrderLineId`), it carries its
 * variances and what they were computed against (the PO line's unit cost and received quantity
 * then); unmatched, those are null.
 */
export interface InvoiceLine {
  id: string;
  vendorSku: string | null;
  purchaseOrderLineId: string | null;
  description: string | null;
  quantity: number;
  unitCost: number;
  quantityVariance: number | null;
  costVariance: number | null;
  withinTolerance: boolean | null;
  purchaseOrderUnitCost: number | null;
  receivedQuantity: number | null;
}

export interface Charge {
  id: string;
  description: string;
  amount: number;
}

export interface Invoice {
  id: string;
  orgId: string;
  version: number;
  invoiceType: InvoiceType;
  status: InvoiceStatus;
  invoiceNumber: string;
  /** The vendor: a catalog source, and its name when the invoice was recorded (searched, reported). */
  channelId: string;
  vendorName: string;
  purchaseOrderId: string | null;
  purchaseOrderNumber: string | null;
  relatedInvoiceId: string | null;
  currency: string;
  /** Calendar dates, `YYYY-MM-DD`. */
  invoiceDate: string;
  dueDate: string;
  notes: string | null;
  lines: InvoiceLine[];
  charges: Charge[];
  subtotal: number;
  total: number;
  reconciled: boolean;
  reconciledAt: Date | null;
  accountingPushedAt: Date | null;
  paymentDate: string | null;
  paymentReference: string | null;
  paymentMethod: string | null;
  submittedAt: Date | null;
  approvedAt: Date | null;
  disputedAt: Date | null;
  paidAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export type NewInvoice = Omit<Invoice, 'version' | 'createdAt' | 'updatedAt'>;

export const lineTotalCents = (line: Pick<InvoiceLine, 'quantity' | 'unitCost'>) =>
  timesCents(line.quantity, toCents(line.unitCost));

/** Σ line totals and subtotal + Σ charges, in cents. */
export function totalsCents(lines: readonly InvoiceLine[], charges: readonly Pick<Charge, 'amount'>[]) {
  const subtotal = sumCents(lines.map(lineTotalCents));
  return { subtotal, total: subtotal + sumCents(charges.map((c) => toCents(c.amount))) };
}

/** The invoice with its subtotal and total computed again from its lines and charges. */
export function withTotals<T extends Pick<Invoice, 'lines' | 'charges' | 'subtotal' | 'total'>>(invoice: T): T {
  const { subtotal, total } = totalsCents(invoice.lines, invoice.charges);
  return { ...invoice, subtotal: fromCents(subtotal), total: fromCents(total) };
}

/** What a document does to what is owed to the vendor: a credit memo lowers it. */
export const signOf = (type: InvoiceType) => (type === 'CREDIT_MEMO' ? -1 : 1);

/** Owes money: recorded (not DRAFT) and not PAID. */
export const isOpen = (status: InvoiceStatus) => status !== 'DRAFT' && status !== 'PAID';

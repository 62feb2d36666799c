import type { CreateInvoice, EventEnvelope } from '@stockyard/contracts';
import { releasePush } from './accounting-push';
import { totalsCents, type Invoice, type NewInvoice } from './invoice';
import { dueBeforeInvoiceDate, paymentWithoutPaid, subtotalMismatch, totalMismatch } from './invoice.errors';
import { created } from './invoice-events';
import { lineFrom } from './invoice-lines';
import type { InvoiceSettings } from './invoice-settings';
import { initialStatus } from './invoice-states';
import type { MatchContext } from './line-matching';
import { fromCents, toCents } from '@stockyard/contracts';
import { addDays, dayOf } from './calendar';

/** What the command resolved before a new invoice is decided: the vendor, the order, the settings. */
interface InvoiceInput {
  orgId: string;
  id: string;
  body: CreateInvoice;
  vendor: { channelId: string; name: string; currency: string; paymentTermsDays: number | null };
  purchaseOrder: { id: string; orderNumber: string; currency: string } | null;
  relatedInvoiceId: string | null;
  context: MatchContext | null;
  settings: InvoiceSettings;
  now: Date;
  newId: (prefix: 'inl' | 'chg') => string;
}

/** The vendor's figures, when given, must equal what the lines and charges make (decided: reject, not flag). */
export function checkFigures(body: Pick<CreateInvoice, 'subtotal' | 'total'>, subtotal: number, total: number): void {
  if (body.subtotal !== undefined && toCents(body.subtotal) !== subtotal) throw subtotalMismatch(fromCents(subtotal));
  if (body.total !== undefined && toCents(body.total) !== total) throw totalMismatch(fromCents(total));
}

/**
 * A new invoice or memo and its `invoice.created`: lines (matched where they name a PO line),
 * totals computed and checked, `dueDate` given or the vendor's payment terms after the invoice
 * date (due on receipt without terms), the status of the workflow (PAID with `markAsPaid`).
 */
export function newInvoice(input: InvoiceInput): { state: NewInvoice; events: EventEnvelope[] } {
  const { body, vendor, purchaseOrder, settings, now } = input;
  const paid = body.markAsPaid === true;
  const payment = [body.paymentDate, body.paymentReference, body.paymentMethod];
  if (!paid && payment.some((v) => v !== undefined)) throw paymentWithoutPaid();
  const lines = (body.lines ?? []).map((line) => lineFrom(input.newId('inl'), line, input.context));
  const charges = (body.charges ?? []).map((c) => ({ id: input.newId('chg'), ...c }));
  const cents = totalsCents(lines, charges);
  checkFigures(body, cents.subtotal, cents.total);
  const invoiceDate = body.invoiceDate ?? dayOf(now);
  const dueDate = body.dueDate ?? addDays(invoiceDate, vendor.paymentTermsDays ?? 0);
  if (dueDate < invoiceDate) throw dueBeforeInvoiceDate();
  const invoice: Invoice = {
    id: input.id,
    orgId: input.orgId,
    version: 1,
    invoiceType: body.invoiceType,
    status: initialStatus(settings.workflow, paid),
    invoiceNumber: body.invoiceNumber,
    channelId: vendor.channelId,
    vendorName: vendor.name,
    purchaseOrderId: purchaseOrder?.id ?? null,
    purchaseOrderNumber: purchaseOrder?.orderNumber ?? null,
    relatedInvoiceId: input.relatedInvoiceId,
    currency: purchaseOrder?.currency ?? vendor.currency,
    invoiceDate,
    dueDate,
    notes: body.notes ?? null,
    lines,
    charges,
    subtotal: fromCents(cents.subtotal),
    total: fromCents(cents.total),
    reconciled: false,
    reconciledAt: null,
    accountingPushedAt: null,
    paymentDate: paid ? (body.paymentDate ?? dayOf(now)) : null,
    paymentReference: paid ? (body.paymentReference ?? null) : null,
    paymentMethod: paid ? (body.paymentMethod ?? null) : null,
    submittedAt: null,
    approvedAt: null,
    disputedAt: null,
    paidAt: paid ? now : null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  const pushed = releasePush(invoice, settings.accountingPush, 'status', now);
  const { version: _v, createdAt: _c, updatedAt: _u, ...state } = pushed.state;
  return { state, events: [created(pushed.state), ...pushed.events] };
}

import type { MessageKind, MessageStatus, SendEmail, SendFollowUp, Source } from '@stockyard/contracts';
import { supplierEmailMissing } from './document.errors';
import { allowed } from './order-lifecycle';
import { formatCents } from './printed-order';
import { lineTotalCents, type PurchaseOrder } from './purchase-order';

/** An e-mail about an order, recorded SENDING before the SMTP call and SENT or FAILED after it. */
export interface OrderMessage {
  id: string;
  orgId: string;
  purchaseOrderId: string;
  kind: MessageKind;
  direction: 'OUTBOUND';
  to: string[];
  cc: string[];
  subject: string;
  status: MessageStatus;
  sentAt: Date | null;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A message to send: its record (SENDING) and its text. */
export interface ComposedMessage {
  message: OrderMessage;
  text: string;
}

type Supplier = Pick<Source, 'name' | 'email' | 'contactName'> | undefined;

const day = (d: Date | null) => (d ? new Date(d).toISOString().slice(0, 10) : null);
const greeting = (po: PurchaseOrder, supplier: Supplier) =>
  `Hello ${supplier?.contactName || supplier?.name || po.supplierName},`;

function recipients(supplier: Supplier, to: string[] | undefined): string[] {
  if (to?.length) return to;
  if (supplier?.email) return [supplier.email];
  throw supplierEmailMissing();
}

function record(
  po: PurchaseOrder,
  id: string,
  kind: MessageKind,
  fields: Pick<OrderMessage, 'to' | 'cc' | 'subject'>,
  now: Date,
) {
  const message: OrderMessage = {
    id,
    orgId: po.orgId,
    purchaseOrderId: po.id,
    kind,
    direction: 'OUTBOUND',
    ...fields,
    status: 'SENDING',
    sentAt: null,
    error: null,
    createdAt: now,
    updatedAt: now,
  };
  return message;
}

/**
 * The order e-mailed to the supplier (its PDF attached by the caller): any status but CANCELLED
 * (a DRAFT goes out as a request for quotation, as Odoo's "Send by email" does; its status stays).
 */
export function composeOrderEmail(
  po: PurchaseOrder,
  supplier: Supplier,
  input: SendEmail,
  id: string,
  now: Date,
): ComposedMessage {
  allowed(po, 'email');
  const to = recipients(supplier, input.to);
  const subject = input.subject ?? `Purchase order ${po.orderNumber}`;
  const expected = day(po.expectedAt);
  const lines = `${po.lines.length} line${po.lines.length === 1 ? '' : 's'}`;
  const total = formatCents(po.lines.reduce((sum, l) => sum + lineTotalCents(l), 0));
  const text = [
    greeting(po, supplier),
    `Please find attached our purchase order ${po.orderNumber} (${lines}, total ${po.currency} ${total}).` +
      (expected ? ` We expect delivery by ${expected}.` : ''),
    ...(input.message ? [input.message] : []),
    'Please confirm the order and its delivery date.',
    'Thank you.',
  ].join('\n\n');
  return { message: record(po, id, 'ORDER', { to, cc: input.cc ?? [], subject }, now), text };
}

/** A follow-up asking for a confirmation or a delivery date: while the order still awaits goods (or a quote). */
export function composeFollowUp(
  po: PurchaseOrder,
  supplier: Supplier,
  input: SendFollowUp,
  id: string,
  now: Date,
): ComposedMessage {
  allowed(po, 'follow_up');
  const to = recipients(supplier, input.to);
  const subject = input.subject ?? `Follow-up: purchase order ${po.orderNumber}`;
  const sent = day(po.submittedAt);
  const ask =
    input.message ??
    `We are following up on our purchase order ${po.orderNumber}${sent ? ` of ${sent}` : ''}. ` +
      'Could you please confirm it and let us know the expected delivery date?';
  const text = [greeting(po, supplier), ask, 'Thank you.'].join('\n\n');
  return { message: record(po, id, 'FOLLOW_UP', { to, cc: [], subject }, now), text };
}

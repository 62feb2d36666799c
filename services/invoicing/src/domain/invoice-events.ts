import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import type { Invoice } from './invoice';

/** `invoice.created`: exactly the spec's fields (plus orgId), for every invoice and memo. */
export const created = (inv: Invoice): EventEnvelope =>
  newEvent('invoice.created', {
    orgId: inv.orgId,
    invoiceId: inv.id,
    purchaseOrderId: inv.purchaseOrderId,
    invoiceType: inv.invoiceType,
    invoiceNumber: inv.invoiceNumber,
    status: inv.status,
    total: inv.total,
  });

/** Internal: purchasing's `hasInvoice` forgets a trashed invoice and notes a restored one again. */
export const trashed = (inv: Invoice): EventEnvelope =>
  newEvent('invoice.trashed', { orgId: inv.orgId, invoiceId: inv.id, purchaseOrderId: inv.purchaseOrderId });
export const restored = (inv: Invoice): EventEnvelope =>
  newEvent('invoice.restored', { orgId: inv.orgId, invoiceId: inv.id, purchaseOrderId: inv.purchaseOrderId });

/** Internal: the bill released to the accounting system, for a connector to post. */
export const pushReleased = (inv: Invoice, trigger: 'on_approve' | 'on_reconcile', at: Date): EventEnvelope =>
  newEvent('invoice.accounting_push_released', {
    orgId: inv.orgId,
    invoiceId: inv.id,
    invoiceType: inv.invoiceType,
    invoiceNumber: inv.invoiceNumber,
    channelId: inv.channelId,
    purchaseOrderId: inv.purchaseOrderId,
    invoiceDate: inv.invoiceDate,
    dueDate: inv.dueDate,
    currency: inv.currency,
    total: inv.total,
    trigger,
    releasedAt: at.toISOString(),
  });

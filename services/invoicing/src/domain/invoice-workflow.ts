import type { InvoiceStatus, MarkPaid } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { releasePush } from './accounting-push';
import type { Invoice } from './invoice';
import { invoiceTrashed, isDraftEdit, notDraft, notReconciled } from './invoice.errors';
import { restored, trashed } from './invoice-events';
import type { InvoiceSettings } from './invoice-settings';
import { invoiceStates, invoiceTable, type InvoiceTrigger, type InvoiceWorkflow } from './invoice-states';
import { dayOf } from './calendar';

type Change = Decision<Invoice, Invoice>;

/** The one gate of every change but trash and restore: not trashed, and the workflow's table allows it. */
export function allowed(inv: Invoice, trigger: InvoiceTrigger, workflow: InvoiceWorkflow = 'simple'): InvoiceStatus {
  if (inv.deletedAt) throw invoiceTrashed();
  if (trigger === 'reopen') return invoiceStates(workflow).next(inv.status, trigger);
  return nextStatus(inv.status, trigger);
}

/** The table's step; a refused DRAFT-only edit also says where DRAFT invoices come from. */
function nextStatus(status: InvoiceStatus, trigger: InvoiceTrigger): InvoiceStatus {
  if (isDraftEdit(trigger) && !invoiceTable.can(status, trigger)) throw notDraft(status, trigger);
  return invoiceTable.next(status, trigger);
}

/** A status change, with the bill released when the organization posts bills once they are payable. */
function moved(next: Invoice, settings: Pick<InvoiceSettings, 'accountingPush'>, now: Date): Change {
  const { state, events } = releasePush(next, settings.accountingPush, 'status', now);
  return { state, events, result: state };
}

export const submitInvoice = (inv: Invoice, now: Date): Change => {
  const next = { ...inv, status: allowed(inv, 'submit'), submittedAt: now };
  return { state: next, result: next };
};

export const approveInvoice = (inv: Invoice, settings: InvoiceSettings, now: Date): Change =>
  moved({ ...inv, status: allowed(inv, 'approve'), approvedAt: now }, settings, now);

/** Dispute; the reason, if any, is appended to the notes on a line of its own. */
export function disputeInvoice(inv: Invoice, reason: string | undefined, now: Date): Change {
  const status = allowed(inv, 'dispute');
  const line = reason ? `Disputed ${dayOf(now)}: ${reason}` : null;
  const notes = line ? (inv.notes ? `${inv.notes}\n${line}` : line) : inv.notes;
  const next = { ...inv, status, notes, disputedAt: now };
  return { state: next, result: next };
}

/** Reopen a disputed invoice: OUTSTANDING in the simple workflow, DRAFT in the advanced one. */
export const reopenInvoice = (inv: Invoice, settings: InvoiceSettings, now: Date): Change =>
  moved({ ...inv, status: allowed(inv, 'reopen', settings.workflow) }, settings, now);

export const markInvoicePaid = (inv: Invoice, payment: MarkPaid, settings: InvoiceSettings, now: Date): Change =>
  moved(
    {
      ...inv,
      status: allowed(inv, 'mark_paid'),
      paymentDate: payment.paymentDate ?? dayOf(now),
      paymentReference: payment.paymentReference ?? null,
      paymentMethod: payment.paymentMethod ?? null,
      paidAt: now,
    },
    settings,
    now,
  );

/** Sets the reconciled overlay (the status stays); reconciling a reconciled invoice changes nothing. */
export function reconcileInvoice(inv: Invoice, settings: InvoiceSettings, now: Date): Change {
  allowed(inv, 'reconcile');
  if (inv.reconciled) return { result: inv };
  const overlay = { ...inv, reconciled: true, reconciledAt: now };
  const { state, events } = releasePush(overlay, settings.accountingPush, 'reconcile', now);
  return { state, events, result: state };
}

export function unreconcileInvoice(inv: Invoice): Change {
  if (inv.deletedAt) throw invoiceTrashed();
  if (!inv.reconciled) throw notReconciled();
  const next = { ...inv, reconciled: false, reconciledAt: null };
  return { state: next, result: next };
}

/** Soft delete (DRAFT only); trashing a trashed invoice changes nothing. Its number is free again. */
export function trashInvoice(inv: Invoice, now: Date): Change {
  if (inv.deletedAt) return { result: inv };
  nextStatus(inv.status, 'delete');
  const next = { ...inv, deletedAt: now };
  return { state: next, events: [trashed(next)], result: next };
}

/** Restore from the trash (its number is claimed again); restoring a live invoice changes nothing. */
export function restoreInvoice(inv: Invoice): Change {
  if (!inv.deletedAt) return { result: inv };
  const next = { ...inv, deletedAt: null };
  return { state: next, events: [restored(next)], result: next };
}

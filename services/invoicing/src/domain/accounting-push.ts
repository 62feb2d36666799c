import type { AccountingPushMode, EventEnvelope, InvoiceStatus } from '@stockyard/contracts';
import type { Invoice } from './invoice';
import { pushReleased } from './invoice-events';

/** Statuses in which an invoice is payable: `on_approve` releases the bill when it first reaches one. */
export const PAYABLE: ReadonlySet<InvoiceStatus> = new Set(['OUTSTANDING', 'APPROVED', 'PAID']);

/**
 * The accounting-system connection (setting `accountingPush`), modelled as a release recorded
 * on the invoice (`accountingPushedAt`) and an internal event a connector consumes: `on_approve`
 * releases the bill once it is payable (approved, or OUTSTANDING at once in the simple
 * workflow, or recorded as paid), `on_reconcile` when it is reconciled, `none` never. Once per
 * invoice: unreconciling does not call the bill back, reconciling again does not post it twice.
 */
export function releasePush(
  invoice: Invoice,
  mode: AccountingPushMode,
  moment: 'status' | 'reconcile',
  now: Date,
): { state: Invoice; events: EventEnvelope[] } {
  const due =
    !invoice.accountingPushedAt &&
    ((mode === 'on_approve' && moment === 'status' && PAYABLE.has(invoice.status)) ||
      (mode === 'on_reconcile' && moment === 'reconcile'));
  if (!due) return { state: invoice, events: [] };
  const state = { ...invoice, accountingPushedAt: now };
  return { state, events: [pushReleased(state, mode, now)] };
}

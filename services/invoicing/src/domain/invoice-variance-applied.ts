import type { EventEnvelope, InternalPurchaseOrder } from '@stockyard/contracts';
import { toCents } from '@stockyard/contracts';
import { newEvent, type Decision } from '@stockyard/service-kit';
import { PAYABLE } from './accounting-push';
import type { Invoice } from './invoice';
import { changedLineCosts } from './order-line-costs';

type Counted = Pick<Invoice, 'invoiceType' | 'status' | 'deletedAt' | 'lines'>;

/**
 * The cost variances that count, in cents by purchase-order line: a standard invoice's matched
 * lines while it is payable (OUTSTANDING, APPROVED, PAID: the bill is posted, as the accounting
 * push's `on_approve` has it), summed over the lines matched to the same PO line. None for a
 * memo (not a cost variance), a DRAFT, PENDING or DISPUTED invoice (not yet, or no longer, owed),
 * or a trashed one.
 */
export function countedVariances(inv: Counted): Map<string, number> {
  const cents = new Map<string, number>();
  if (inv.invoiceType !== 'INVOICE' || inv.deletedAt || !PAYABLE.has(inv.status)) return cents;
  for (const line of inv.lines) {
    if (!line.purchaseOrderLineId || line.costVariance === null) continue;
    cents.set(line.purchaseOrderLineId, (cents.get(line.purchaseOrderLineId) ?? 0) + toCents(line.costVariance));
  }
  return cents;
}

const sameCents = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) =>
  [...new Set([...a.keys(), ...b.keys()])].every((k) => (a.get(k) ?? 0) === (b.get(k) ?? 0));

/** Whether a write from `before` to `after` moved a variance that counts (then the order is read for the event). */
export const variancesMoved = (before: Counted, after: Counted) =>
  !sameCents(countedVariances(before), countedVariances(after));

/**
 * Internal `invoice_variance.applied` of a write from `before` (null: a new invoice) to `after`:
 * each PO line whose counted variance moved, with its whole variance at this revision (the
 * invoice's version after the write), for inventory to put on the line's cost layers.
 */
export function invoiceVarianceApplied(
  before: (Counted & Pick<Invoice, 'version'>) | null,
  after: Counted & Pick<Invoice, 'id' | 'orgId'>,
  po: InternalPurchaseOrder,
): EventEnvelope | undefined {
  const was = before ? countedVariances(before) : new Map<string, number>();
  const lines = changedLineCosts(po, was, countedVariances(after));
  if (lines.length === 0) return undefined;
  const revision = (before?.version ?? 0) + 1;
  return newEvent('invoice_variance.applied', { orgId: after.orgId, invoiceId: after.id, revision, lines });
}

/** The decision with the `invoice_variance.applied` of what it moved (`po`: the invoice's order), in its write. */
export function withVarianceEvent<R>(
  current: Invoice,
  decision: Decision<Invoice, R>,
  po: InternalPurchaseOrder | undefined,
): Decision<Invoice, R> {
  const event = po && decision.state ? invoiceVarianceApplied(current, decision.state, po) : undefined;
  return event ? { ...decision, events: [...(decision.events ?? []), event] } : decision;
}

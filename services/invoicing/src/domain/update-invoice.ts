import type { UpdateInvoice } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { checkFigures } from './create-invoice';
import { totalsCents, withTotals, type Invoice } from './invoice';
import { dueBeforeInvoiceDate } from './invoice.errors';
import { allowed } from './invoice-workflow';

/**
 * PUT /invoices/{id} (DRAFT only): the header fields given change; new charges replace the old
 * ones; `subtotal` / `total`, when given, are checked against the result as on create.
 */
export function updateInvoice(
  inv: Invoice,
  update: UpdateInvoice,
  newChargeId: () => string,
): Decision<Invoice, Invoice> {
  allowed(inv, 'update');
  const { subtotal, total, charges, ...fields } = update;
  const next = withTotals({
    ...inv,
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    ...(charges ? { charges: charges.map((c) => ({ id: newChargeId(), ...c })) } : {}),
  });
  const cents = totalsCents(next.lines, next.charges);
  checkFigures({ subtotal, total }, cents.subtotal, cents.total);
  if (next.dueDate < next.invoiceDate) throw dueBeforeInvoiceDate();
  return { state: next, result: next };
}

import type { VendorStatement, VendorStatementQuery } from '@stockyard/contracts';
import { isOpen, signOf, type Invoice } from './invoice';
import { fromCents, toCents } from '@stockyard/contracts';

/**
 * GET /invoices/vendor-statement: the vendor's recorded (not DRAFT) documents dated in the range,
 * oldest first, with invoice, credit and debit totals, what is paid and what is outstanding
 * (signed), and net = invoices + debits − credits (which is paid + outstanding).
 */
export function vendorStatement(query: VendorStatementQuery, invoices: readonly Invoice[]): VendorStatement {
  const recorded = invoices.filter((inv) => inv.status !== 'DRAFT');
  const cents = { INVOICE: 0, CREDIT_MEMO: 0, DEBIT_MEMO: 0, paid: 0, outstanding: 0 };
  for (const inv of recorded) {
    const total = toCents(inv.total);
    cents[inv.invoiceType] += total;
    if (inv.status === 'PAID') cents.paid += signOf(inv.invoiceType) * total;
    else if (isOpen(inv.status)) cents.outstanding += signOf(inv.invoiceType) * total;
  }
  return {
    channelId: query.channelId,
    vendorName: invoices[0]?.vendorName ?? null,
    dateFrom: query.dateFrom ?? null,
    dateTo: query.dateTo ?? null,
    documents: recorded.map((inv) => ({
      id: inv.id,
      invoiceNumber: inv.invoiceNumber,
      invoiceType: inv.invoiceType,
      status: inv.status,
      purchaseOrderId: inv.purchaseOrderId,
      invoiceDate: inv.invoiceDate,
      dueDate: inv.dueDate,
      total: inv.total,
      amount: fromCents(signOf(inv.invoiceType) * toCents(inv.total)),
      reconciled: inv.reconciled,
    })),
    totals: {
      invoices: fromCents(cents.INVOICE),
      credits: fromCents(cents.CREDIT_MEMO),
      debits: fromCents(cents.DEBIT_MEMO),
      paid: fromCents(cents.paid),
      outstanding: fromCents(cents.outstanding),
      net: fromCents(cents.INVOICE + cents.DEBIT_MEMO - cents.CREDIT_MEMO),
    },
  };
}

import {
  AGING_BUCKETS,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  type Aging,
  type AgingBucket,
  type InvoiceStats,
} from '@stockyard/contracts';
import { isOpen, signOf } from './invoice';
import { fromCents } from '@stockyard/contracts';
import { daysBetween } from './calendar';
import type { VendorBalance } from './vendor-balance';

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** GET /invoices/stats from the vendors' balances: counts, and amounts signed where they are netted. */
export function invoiceStats(balances: readonly VendorBalance[]): InvoiceStats {
  const byStatus = zeros(INVOICE_STATUSES);
  const byType = zeros(INVOICE_TYPES);
  const cents = { outstanding: 0, INVOICE: 0, CREDIT_MEMO: 0, DEBIT_MEMO: 0, paid: 0 };
  for (const { status, invoiceType: type, count, cents: sum } of balances.flatMap((b) => b.rows)) {
    byStatus[status] += count;
    byType[type] += count;
    if (status === 'DRAFT') continue;
    cents[type] += sum;
    if (status === 'PAID') cents.paid += signOf(type) * sum;
    else if (isOpen(status)) cents.outstanding += signOf(type) * sum;
  }
  return {
    count: Object.values(byStatus).reduce((a, b) => a + b, 0),
    byStatus,
    byType,
    outstandingTotal: fromCents(cents.outstanding),
    invoiceTotal: fromCents(cents.INVOICE),
    creditMemoTotal: fromCents(cents.CREDIT_MEMO),
    debitMemoTotal: fromCents(cents.DEBIT_MEMO),
    paidTotal: fromCents(cents.paid),
  };
}

/** The aging bucket of a due date on a day: not past due is `current`. */
export function bucketOf(dueDate: string, asOf: string): AgingBucket {
  const late = daysBetween(dueDate, asOf);
  if (late <= 0) return 'current';
  if (late <= 30) return '1-30';
  if (late <= 60) return '31-60';
  if (late <= 90) return '61-90';
  return '90+';
}

type Amounts = Record<AgingBucket | 'total' | 'count', number>;
const emptyAmounts = (): Amounts => ({ ...zeros(AGING_BUCKETS), total: 0, count: 0 });
const inMoney = (a: Amounts): Amounts => ({
  ...(Object.fromEntries(AGING_BUCKETS.map((b) => [b, fromCents(a[b])])) as Record<AgingBucket, number>),
  total: fromCents(a.total),
  count: a.count,
});

/**
 * GET /invoices/aging: what open documents (not DRAFT, not PAID) owe, by days past due on
 * `asOf`, per vendor (by name) and in total; memos signed (credit −, debit +).
 */
export function invoiceAging(balances: readonly VendorBalance[], asOf: string): Aging {
  const totals = emptyAmounts();
  const vendors = balances
    .map((balance) => {
      const amounts = emptyAmounts();
      for (const { dueDate, count, cents } of balance.open) {
        for (const sum of [amounts, totals]) {
          sum[bucketOf(dueDate, asOf)] += cents;
          sum.total += cents;
          sum.count += count;
        }
      }
      return { channelId: balance.channelId, vendorName: balance.vendorName, amounts };
    })
    .filter((v) => v.amounts.count > 0)
    .sort((a, b) => a.vendorName.localeCompare(b.vendorName) || a.channelId.localeCompare(b.channelId))
    .map((v) => ({ channelId: v.channelId, vendorName: v.vendorName, ...inMoney(v.amounts) }));
  return { asOf, vendors, totals: inMoney(totals) };
}

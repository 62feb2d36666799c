import { packBalance, unpackBalance } from '../src/domain/balance-codec';
import { bucketOf, invoiceAging, invoiceStats } from '../src/domain/invoice-reports';
import { applyBalanceChange, contributionOf, emptyBalance, type VendorBalance } from '../src/domain/vendor-balance';
import { anInvoice } from './support/builders';
import type { Invoice } from '../src/domain/invoice';

/** A vendor's balance after recording these invoices, each once. */
const balanceOf = (invoices: Invoice[]): VendorBalance =>
  invoices.reduce(
    (balance, inv, i) =>
      applyBalanceChange(balance, `evt_${i}`, { invoiceId: inv.id, before: null, after: contributionOf(inv) }).state ??
      balance,
    emptyBalance('org_1', 'src_1'),
  );

describe('vendor balances and the reports read from them', () => {
  it('buckets by days past due: not yet due is current, then 1-30, 31-60, 61-90, 90+', () => {
    const asOf = '2026-06-30';
    const due = (days: number) =>
      new Date(Date.parse(`${asOf}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map((d) => bucketOf(due(d), asOf))).toEqual([
      'current',
      'current',
      '1-30',
      '1-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });

  it('applies a change once, even when it is handed over again', () => {
    const inv = anInvoice({ total: 10 });
    const change = { invoiceId: inv.id, before: null, after: contributionOf(inv) };
    const once = applyBalanceChange(emptyBalance('org_1', 'src_1'), 'evt_1', change).state!;
    expect(applyBalanceChange(once, 'evt_1', change).state).toBeUndefined();
    expect(invoiceStats([once]).count).toBe(1);
  });

  it('moves an invoice between statuses and out of the open amounts when paid', () => {
    const inv = anInvoice({ total: 10, dueDate: '2026-06-01' });
    const balance = balanceOf([inv]);
    const paid = { ...inv, status: 'PAID' as const };
    const after = applyBalanceChange(balance, 'evt_paid', {
      invoiceId: inv.id,
      before: contributionOf(inv),
      after: contributionOf(paid),
    }).state!;
    expect(after.rows).toEqual([{ status: 'PAID', invoiceType: 'INVOICE', count: 1, cents: 1000 }]);
    expect(after.open).toEqual([]);
    expect(invoiceStats([after])).toMatchObject({ outstandingTotal: 0, paidTotal: 10, invoiceTotal: 10 });
  });

  it('signs memos: credits lower what is owed, debits raise it; drafts owe nothing', () => {
    const balance = balanceOf([
      anInvoice({ total: 100, dueDate: '2026-06-01' }),
      anInvoice({ invoiceType: 'CREDIT_MEMO', total: 30, dueDate: '2026-06-01' }),
      anInvoice({ invoiceType: 'DEBIT_MEMO', total: 5.5, dueDate: '2026-05-01' }),
      anInvoice({ status: 'DRAFT', total: 1000, dueDate: '2026-05-01' }),
    ]);
    expect(invoiceStats([balance])).toMatchObject({
      count: 4,
      outstandingTotal: 75.5,
      invoiceTotal: 100,
      creditMemoTotal: 30,
      debitMemoTotal: 5.5,
    });
    const aging = invoiceAging([{ ...balance, vendorName: 'Acme' }], '2026-06-15');
    expect(aging.totals).toEqual({ current: 0, '1-30': 70, '31-60': 5.5, '61-90': 0, '90+': 0, total: 75.5, count: 3 });
  });

  it('stores a balance packed and reads it back unchanged', () => {
    const balance = balanceOf([
      anInvoice({ total: 100.5, dueDate: '2026-06-01' }),
      anInvoice({ invoiceType: 'CREDIT_MEMO', total: 30, dueDate: '2026-06-02' }),
      anInvoice({ status: 'PAID', total: 7 }),
    ]);
    expect(unpackBalance(packBalance(balance))).toEqual(balance);
    expect(unpackBalance(packBalance(emptyBalance('org_1', 'src_1')))).toEqual(emptyBalance('org_1', 'src_1'));
  });
});

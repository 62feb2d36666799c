import { countedVariances, variancesMoved } from '../src/domain/invoice-variance-applied';
import { aLine, anInvoice } from './support/builders';

const matched = (purchaseOrderLineId: string, costVariance: number) => aLine({ purchaseOrderLineId, costVariance });

describe('countedVariances', () => {
  it('sums a payable invoice’s matched lines per PO line in cents, negatives too, unmatched left out', () => {
    const inv = anInvoice({ lines: [matched('pol_1', 1.1), matched('pol_1', -0.35), matched('pol_2', -2), aLine()] });
    expect([...countedVariances(inv)]).toEqual([
      ['pol_1', 75],
      ['pol_2', -200],
    ]);
  });

  it.each(['DRAFT', 'PENDING', 'DISPUTED'] as const)('counts nothing while %s', (status) => {
    expect(countedVariances(anInvoice({ status, lines: [matched('pol_1', 1)] })).size).toBe(0);
  });

  it('counts nothing for a memo or a trashed invoice', () => {
    const lines = [matched('pol_1', 1)];
    expect(countedVariances(anInvoice({ invoiceType: 'DEBIT_MEMO', lines })).size).toBe(0);
    expect(countedVariances(anInvoice({ deletedAt: new Date(), lines })).size).toBe(0);
  });
});

describe('variancesMoved', () => {
  it('sees a dispute withdraw a variance, but not a payment keep it', () => {
    const outstanding = anInvoice({ lines: [matched('pol_1', 1)] });
    expect(variancesMoved(outstanding, { ...outstanding, status: 'DISPUTED' })).toBe(true);
    expect(variancesMoved(outstanding, { ...outstanding, status: 'PAID' })).toBe(false);
  });
});

import { autoMatch, matchedLine, rematch } from '../src/domain/line-matching';
import { refreshReceived } from '../src/domain/receipt-refresh';
import { aBasis, aContext, aLine, anInvoice } from './support/builders';

describe('matching an invoice line to a purchase-order line', () => {
  it('computes quantityVariance = invoiced − received and costVariance = (invoice − PO cost) × invoiced', () => {
    const line = matchedLine(aLine({ quantity: 10, unitCost: 2.6 }), aBasis({ receivedQuantity: 8 }), {
      percent: 0,
      amount: 0,
    });
    expect(line).toMatchObject({ purchaseOrderLineId: 'pol_1', quantityVariance: 2, costVariance: 1 });
  });

  it('keeps exact cents and quantities (no float drift)', () => {
    const line = matchedLine(
      aLine({ quantity: 0.3, unitCost: 0.1 }),
      aBasis({ unitCost: 0.2, receivedQuantity: 0.1 }),
      {
        percent: 0,
        amount: 0,
      },
    );
    expect(line).toMatchObject({ quantityVariance: 0.2, costVariance: -0.03 });
    const many = matchedLine(aLine({ quantity: 3, unitCost: 19.99 }), aBasis({ unitCost: 19.98 }), {
      percent: 0,
      amount: 0,
    });
    expect(many.costVariance).toBe(0.03);
  });

  it('is within tolerance when both variances stay under the greater of the percent and the amount', () => {
    const line = aLine({ quantity: 10, unitCost: 10.4 }); // PO value 100.00, cost variance 4.00
    const basis = aBasis({ unitCost: 10, receivedQuantity: 10 });
    expect(matchedLine(line, basis, { percent: 0, amount: 0 }).withinTolerance).toBe(false);
    expect(matchedLine(line, basis, { percent: 5, amount: 0 }).withinTolerance).toBe(true);
    expect(matchedLine(line, basis, { percent: 1, amount: 4 }).withinTolerance).toBe(true);
    expect(matchedLine(line, basis, { percent: 3.99, amount: 3.99 }).withinTolerance).toBe(false);
    // Invoiced beyond what was received: 2 units × 10.00 over, against a 5% (5.00) tolerance.
    const over = aLine({ quantity: 12, unitCost: 10 });
    expect(matchedLine(over, basis, { percent: 5, amount: 0 }).withinTolerance).toBe(false);
    expect(matchedLine(over, basis, { percent: 20, amount: 0 }).withinTolerance).toBe(true);
    // Invoiced less than received (a partial invoice) is no variance against the tolerance.
    expect(matchedLine(aLine({ quantity: 4, unitCost: 10 }), basis, { percent: 0, amount: 0 }).withinTolerance).toBe(
      true,
    );
  });

  it('computes every matched line again against the order as it is now', () => {
    const stale = matchedLine(aLine({ quantity: 5 }), aBasis({ receivedQuantity: 1 }), { percent: 0, amount: 0 });
    const [line] = rematch([stale], aContext([aBasis({ receivedQuantity: 5, unitCost: 2 })]));
    expect(line).toMatchObject({ quantityVariance: 0, costVariance: 2.5, receivedQuantity: 5 });
  });

  it('auto-matches unmatched lines by supplier or variant SKU, in any case, and counts them', () => {
    const context = aContext([
      aBasis({ id: 'pol_a', skus: ['ACME-BOLT', 'BOLT-8', null] }),
      aBasis({ id: 'pol_b', skus: [null, 'NUT-8', 'NUT-8-NEW'] }),
    ]);
    const lines = [
      aLine({ vendorSku: ' acme-bolt ' }),
      aLine({ vendorSku: 'nut-8-new' }),
      aLine({ vendorSku: 'UNKNOWN' }),
      aLine({ vendorSku: null }),
      aLine({ vendorSku: 'BOLT-8', purchaseOrderLineId: 'pol_b' }),
    ];
    const { lines: after, matched } = autoMatch(lines, context);
    expect(matched).toBe(2);
    expect(after.map((l) => l.purchaseOrderLineId)).toEqual(['pol_a', 'pol_b', null, null, 'pol_b']);
  });

  it('follows goods received after matching until approval, never backwards', () => {
    const line = matchedLine(aLine({ purchaseOrderLineId: 'pol_1', quantity: 5 }), aBasis({ receivedQuantity: 2 }), {
      percent: 0,
      amount: 0,
    });
    const inv = anInvoice({ lines: [line] });
    const receipt = { lineId: 'pol_1', variantId: 'var_1', unitCost: 2.5, receivedQuantity: 5 };
    const tolerance = { percent: 0, amount: 0 };
    expect(refreshReceived(inv, receipt, tolerance).state!.lines[0]).toMatchObject({ quantityVariance: 0 });
    expect(refreshReceived(inv, { ...receipt, receivedQuantity: 1 }, tolerance).state).toBeUndefined();
    expect(refreshReceived(anInvoice({ status: 'APPROVED', lines: [line] }), receipt, tolerance).state).toBeUndefined();
  });
});

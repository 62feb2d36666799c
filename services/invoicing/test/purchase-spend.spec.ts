import { PurchaseSpendQuerySchema } from '@stockyard/contracts';
import {
  purchaseSpendReport,
  spendPeriod,
  type SpendFacts,
  type SpendOrder,
  type SpendReceipt,
} from '../src/domain/purchase-spend';
import { aLine, anInvoice } from './support/builders';

const page = { limit: 50, offset: 0 };
const period = spendPeriod({ from: '2026-03-01', to: '2026-03-31' }, new Date('2026-11-01T00:00:00Z'));

/** Vendor src_a sells var_1 (product prd_x) and var_2 (prd_y); src_b sells var_3 (unknown to the catalog). */
const orders = new Map<string, SpendOrder>([
  [
    'po_a',
    {
      id: 'po_a',
      channelId: 'src_a',
      lines: [
        { id: 'pol_1', variantId: 'var_1' },
        { id: 'pol_2', variantId: 'var_2' },
      ],
    },
  ],
  ['po_b', { id: 'po_b', channelId: 'src_b', lines: [{ id: 'pol_3', variantId: 'var_3' }] }],
]);
const products = new Map([
  ['var_1', { productId: 'prd_x', productName: 'Pallet' }],
  ['var_2', { productId: 'prd_y', productName: 'Crate' }],
]);
const receipt = (channelId: string, variantId: string, quantity: number, unitCost: number): SpendReceipt => ({
  channelId,
  supplierName: channelId === 'src_a' ? 'Acme' : 'Bolt',
  variantId,
  quantity,
  unitCost,
});

/**
 * By hand: received 10 × 4.00 + 5 × 10.00 from Acme (90.00) and 1.5 × 0.33 from Bolt (0.495: 0.50, half up);
 * Acme's invoice of 10 × 4.20 (pol_1, variance +2.00) and 5 × 10.00 (pol_2) plus a 5.00 charge = 97.00,
 * a credit memo of 1 × 10.00 on pol_2 (−10.00, no variance), a DRAFT (not counted); Bolt's DISPUTED
 * invoice of 3 × 0.40 on pol_3 (1.20 invoiced, its variance withdrawn); landed costs 30.00 over
 * pol_1/pol_2 (20 + 10) and 3.00 on pol_3.
 */
const facts: SpendFacts = {
  receipts: [receipt('src_a', 'var_1', 10, 4), receipt('src_a', 'var_2', 5, 10), receipt('src_b', 'var_3', 1.5, 0.33)],
  invoices: [
    anInvoice({
      purchaseOrderId: 'po_a',
      channelId: 'src_a',
      vendorName: 'Acme',
      lines: [
        aLine({ purchaseOrderLineId: 'pol_1', quantity: 10, unitCost: 4.2, costVariance: 2 }),
        aLine({ purchaseOrderLineId: 'pol_2', quantity: 5, unitCost: 10, costVariance: 0 }),
      ],
      charges: [{ id: 'chg_1', description: 'Freight', amount: 5 }],
      subtotal: 92,
      total: 97,
    }),
    anInvoice({
      invoiceType: 'CREDIT_MEMO',
      purchaseOrderId: 'po_a',
      channelId: 'src_a',
      vendorName: 'Acme',
      lines: [aLine({ purchaseOrderLineId: 'pol_2', quantity: 1, unitCost: 10, costVariance: 0 })],
      subtotal: 10,
      total: 10,
    }),
    anInvoice({
      status: 'DISPUTED',
      purchaseOrderId: 'po_b',
      channelId: 'src_b',
      vendorName: 'Bolt',
      lines: [aLine({ purchaseOrderLineId: 'pol_3', quantity: 3, unitCost: 0.4, costVariance: 0.2 })],
      subtotal: 1.2,
      total: 1.2,
    }),
  ],
  landedCosts: [
    {
      purchaseOrderId: 'po_a',
      allocations: [
        { purchaseOrderLineId: 'pol_1', amount: 20 },
        { purchaseOrderLineId: 'pol_2', amount: 10 },
      ],
    },
    { purchaseOrderId: 'po_b', allocations: [{ purchaseOrderLineId: 'pol_3', amount: 3 }] },
  ],
  orders,
  products,
};

const totals = {
  totalReceivedAmount: 90.5,
  totalInvoicedAmount: 88.2,
  totalPriceVariance: 2,
  totalLandedCosts: 33,
};

describe('the purchase-spend report, by hand in cents', () => {
  it('by vendor: receipts, signed documents, counted variances and allocations per supplier', () => {
    const report = purchaseSpendReport(period, 'vendor', facts, page);
    expect(report.data).toEqual([
      { key: 'src_a', name: 'Acme', receivedAmount: 90, invoicedAmount: 87, priceVariance: 2, landedCosts: 30 },
      { key: 'src_b', name: 'Bolt', receivedAmount: 0.5, invoicedAmount: 1.2, priceVariance: 0, landedCosts: 3 },
    ]);
    expect(report).toMatchObject({ ...totals, total: 2, groupBy: 'vendor' });
    expect(report).toMatchObject({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-31T23:59:59.999Z' });
  });

  it('by product: matched lines to their variant’s product, charges and unknown variants to null (last)', () => {
    const report = purchaseSpendReport(period, 'product', facts, page);
    expect(report.data).toEqual([
      { key: 'prd_x', name: 'Pallet', receivedAmount: 40, invoicedAmount: 42, priceVariance: 2, landedCosts: 20 },
      { key: 'prd_y', name: 'Crate', receivedAmount: 50, invoicedAmount: 40, priceVariance: 0, landedCosts: 10 },
      { key: null, name: null, receivedAmount: 0.5, invoicedAmount: 6.2, priceVariance: 0, landedCosts: 3 },
    ]);
    // The same totals whichever way it is grouped.
    expect(report).toMatchObject({ ...totals, total: 3, groupBy: 'product' });
  });

  it('pages the groups; the totals stay every group’s', () => {
    const report = purchaseSpendReport(period, 'product', facts, { limit: 1, offset: 1 });
    expect(report.data.map((g) => g.key)).toEqual(['prd_y']);
    expect(report).toMatchObject({ ...totals, total: 3, limit: 1, offset: 1 });
  });

  it('a landed cost of an order purchasing no longer has goes to no vendor', () => {
    const lost: SpendFacts = { ...facts, receipts: [], invoices: [], orders: new Map() };
    expect(purchaseSpendReport(period, 'vendor', lost, page).data).toEqual([
      { key: null, name: null, receivedAmount: 0, invoicedAmount: 0, priceVariance: 0, landedCosts: 33 },
    ]);
  });

  it('an empty period has no groups and zero totals', () => {
    const none: SpendFacts = { receipts: [], invoices: [], landedCosts: [], orders, products };
    expect(purchaseSpendReport(period, 'vendor', none, page)).toMatchObject({
      data: [],
      total: 0,
      totalReceivedAmount: 0,
      totalInvoicedAmount: 0,
      totalPriceVariance: 0,
      totalLandedCosts: 0,
    });
  });
});

describe('the period', () => {
  const now = new Date('2026-06-15T12:00:00Z');

  it('a date is its whole day (UTC); a date-time is itself; invoices by the calendar days it spans', () => {
    expect(spendPeriod({ from: '2026-03-01', to: '2026-03-31' }, now)).toEqual({
      start: new Date('2026-03-01T00:00:00.000Z'),
      end: new Date('2026-03-31T23:59:59.999Z'),
      fromDay: '2026-03-01',
      toDay: '2026-03-31',
    });
    expect(spendPeriod({ from: '2026-03-01T10:00:00+02:00', to: '2026-03-02T06:30:00Z' }, now)).toMatchObject({
      start: new Date('2026-03-01T08:00:00.000Z'),
      end: new Date('2026-03-02T06:30:00.000Z'),
    });
  });

  it('to defaults to now, from to 30 days before to', () => {
    expect(spendPeriod({}, now)).toMatchObject({ start: new Date('2026-05-16T12:00:00Z'), end: now });
    expect(spendPeriod({ to: '2026-03-31' }, now).start).toEqual(new Date('2026-03-01T23:59:59.999Z'));
  });

  it.each([
    [{ from: '2026-04-01', to: '2026-03-31' }, 'from'],
    [{ from: 'yesterday' }, 'from'],
    [{ to: '2026-02-30' }, 'to'],
    [{ groupBy: 'category' }, 'groupBy'],
  ])('refuses %j on %s', (query, field) => {
    const parsed = PurchaseSpendQuerySchema.safeParse(query);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toEqual([field]);
  });

  it('takes one day (from = to), and a date-time before the same day’s date', () => {
    expect(PurchaseSpendQuerySchema.safeParse({ from: '2026-03-31', to: '2026-03-31' }).success).toBe(true);
    expect(PurchaseSpendQuerySchema.safeParse({ from: '2026-03-31T23:00:00Z', to: '2026-03-31' }).success).toBe(true);
  });
});

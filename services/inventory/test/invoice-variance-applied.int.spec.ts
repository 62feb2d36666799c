import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_variance_applied';

/**
 * Invoicing's `invoice_variance.applied` on the layers, by hand (FIFO): var_iv receives 10 @ 2.00
 * from po_1's line ln_1 and sells 6, so 4 are on hand worth 8.00 and COGS is 12.00. An invoice
 * 0.50 dearer per unit (a variance of 5.00 over 10 received) puts 4/10 = 2.00 on the layer and
 * 3.00 to COGS; a cheaper one (−2.50) takes 1.00 off the layer and 1.50 off COGS.
 */
describe('invoice_variance.applied (invoicing) onto the cost layers', () => {
  let inv: Inventory;
  let wh: string;
  let first: EventEnvelope;
  const applied = (revision: number, amountCents: number) =>
    newEvent('invoice_variance.applied', {
      orgId: ORG,
      invoiceId: 'inv_1',
      revision,
      lines: [
        {
          purchaseOrderId: 'po_1',
          lineId: 'ln_1',
          variantId: 'var_iv',
          warehouseId: wh,
          receivedQuantity: 10,
          amountCents,
        },
      ],
    });
  const deliver = (event: EventEnvelope) => inv.delivered(event);
  const figures = () => inv.book();
  const varianceEntries = () =>
    inv.connection
      .collection('stock_valuation_entries')
      .find({ orgId: ORG, kind: 'COST_VARIANCE' })
      .toArray()
      .then((rows) => rows.map((e) => [e.valueCents, e.cogsCents, e.cause]));

  beforeAll(async () => {
    inv = await startInventory(ORG);
    wh = await inv.warehouse('A');
    const receipt = { operationKey: 'po_1:ln_1:rcp_1', variantId: 'var_iv', warehouseId: wh, quantity: 10 };
    expect((await inv.internal('/stock/receive', { ...receipt, unitCost: 2, origin: 'po_1:ln_1' })).status).toBe(201);
    const sale = {
      operationKey: 'res_1:deduct',
      variantId: 'var_iv',
      warehouseId: wh,
      quantity: 6,
      fromReserved: false,
    };
    expect((await inv.internal('/stock/deduct', sale)).status).toBe(201);
    first = applied(3, 500);
  });
  afterAll(() => inv.close());

  it('moves value by the on-hand part, COGS by the sold part, in exact cents, caused by the invoice line', async () => {
    expect(await figures()).toEqual({ value: 8, cogs: 12 });
    await deliver(first);
    expect(await figures()).toEqual({ value: 10, cogs: 15 });
    expect(await varianceEntries()).toEqual([
      [200, 0, { type: 'invoice_line', id: 'inv_1:ln_1:3' }],
      [0, 300, { type: 'invoice_line', id: 'inv_1:ln_1:3' }],
    ]);
  });

  it('applies nothing for the same event again, nor another copy of its revision', async () => {
    await inv.publish(first);
    await deliver(applied(3, 900));
    expect(await figures()).toEqual({ value: 10, cogs: 15 });
    expect(await varianceEntries()).toHaveLength(2);
  });

  it('takes a cheaper invoice off the layer and COGS by the same split', async () => {
    await deliver(applied(4, -250));
    expect(await figures()).toEqual({ value: 7, cogs: 10.5 });
  });

  it('reverses all of it when the variance is withdrawn (0), and records it on the level', async () => {
    await deliver(applied(5, 0));
    expect(await figures()).toEqual({ value: 8, cogs: 12 });
    expect((await inv.level('var_iv'))?.costVariances).toEqual([{ key: 'inv_1:ln_1', revision: 5, cents: 0 }]);
  });
});

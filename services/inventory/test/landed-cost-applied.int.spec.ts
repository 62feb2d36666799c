import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_landed_applied';

/**
 * Invoicing's `landed_cost.applied` on the layers, by hand (FIFO): var_lc receives 10 @ 2.00 from
 * po_1's line ln_1 and sells 6, so 4 are on hand worth 8.00 and COGS is 12.00. A landed cost of
 * 10.00 on the line (10 received) puts 4/10 = 4.00 on the layer and 6.00 to COGS.
 */
describe('landed_cost.applied (invoicing) onto the cost layers', () => {
  let inv: Inventory;
  let wh: string;
  const line = (amountCents: number, variantId = 'var_lc') => ({
    purchaseOrderId: 'po_1',
    lineId: 'ln_1',
    variantId,
    warehouseId: wh,
    receivedQuantity: 10,
    amountCents,
  });
  const applied = (revision: number, amountCents: number, variantId?: string) =>
    newEvent('landed_cost.applied', {
      orgId: ORG,
      landedCostId: variantId ? 'lc_2' : 'lc_1',
      revision,
      lines: [line(amountCents, variantId)],
    });
  const deliver = (event: EventEnvelope) => inv.delivered(event);
  const figures = () => inv.book();
  const landedEntries = () =>
    inv.connection.collection('stock_valuation_entries').countDocuments({ orgId: ORG, kind: 'LANDED_COST' });

  beforeAll(async () => {
    inv = await startInventory(ORG);
    wh = await inv.warehouse('A');
    const receipt = { operationKey: 'po_1:ln_1:rcp_1', variantId: 'var_lc', warehouseId: wh, quantity: 10 };
    expect((await inv.internal('/stock/receive', { ...receipt, unitCost: 2, origin: 'po_1:ln_1' })).status).toBe(201);
    const sale = {
      operationKey: 'res_1:deduct',
      variantId: 'var_lc',
      warehouseId: wh,
      quantity: 6,
      fromReserved: false,
    };
    expect((await inv.internal('/stock/deduct', sale)).status).toBe(201);
  });
  afterAll(() => inv.close());

  it('puts the on-hand part on the value and the sold part on COGS, in exact cents, caused by the cost', async () => {
    expect(await figures()).toEqual({ value: 8, cogs: 12 });
    await deliver(applied(1, 1000));
    expect(await figures()).toEqual({ value: 12, cogs: 18 });
    const entries = await inv.connection
      .collection('stock_valuation_entries')
      .find({ orgId: ORG, kind: 'LANDED_COST' })
      .toArray();
    expect(entries.map((e) => [e.valueCents, e.cogsCents, e.cause])).toEqual([
      [400, 0, { type: 'landed_cost', id: 'lc_1:ln_1:1' }],
      [0, 600, { type: 'landed_cost', id: 'lc_1:ln_1:1' }],
    ]);
  });

  it('applies nothing more for the same event again, or another copy of the same revision', async () => {
    const first = applied(4, 1000);
    await deliver(first);
    await inv.publish(first);
    await deliver(applied(4, 1000));
    await deliver(applied(4, 700));
    expect(await figures()).toEqual({ value: 12, cogs: 18 });
    expect(await landedEntries()).toBe(2);
  });

  it('reverses the difference for a newer, smaller revision, and ignores an older one after it', async () => {
    await deliver(applied(5, 500));
    expect(await figures()).toEqual({ value: 10, cogs: 15 });
    await deliver(applied(2, 2000));
    expect(await figures()).toEqual({ value: 10, cogs: 15 });
  });

  it('reverses all of it for a deletion (0)', async () => {
    await deliver(applied(6, 0));
    expect(await figures()).toEqual({ value: 8, cogs: 12 });
    expect(await landedEntries()).toBe(6);
    expect((await inv.level('var_lc'))?.landedCosts).toEqual([{ key: 'lc_1:ln_1', revision: 6, cents: 0 }]);
  });

  it('puts all of it to COGS for a variant with no stock level yet', async () => {
    await deliver(applied(1, 250, 'var_none'));
    expect(await figures()).toEqual({ value: 8, cogs: 14.5 });
  });
});

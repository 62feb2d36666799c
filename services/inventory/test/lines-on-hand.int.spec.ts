import { inventoryClient, serviceSigner } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import { TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_lines_on_hand';

/**
 * POST /internal/v1/stock/lines-on-hand: of received purchase-order lines, the units still on hand
 * and sold, as the cost layers split a landed cost. Two orders' lines of one variant, 10 each, the
 * older (po_a) at 2.00, the newer (po_b) at 3.00, then sales: FIFO sells po_a's units first.
 */
describe('POST /internal/v1/stock/lines-on-hand', () => {
  let inv: Inventory;
  let wh: string;
  const receive = (variantId: string, origin: string, unitCost: number) =>
    inv.internal('/stock/receive', {
      operationKey: `${origin}:rcp_1`,
      variantId,
      warehouseId: wh,
      quantity: 10,
      unitCost,
      origin,
    });
  const sell = (variantId: string, quantity: number) =>
    inv.internal('/stock/deduct', {
      operationKey: `sale:${variantId}:${quantity}`,
      variantId,
      warehouseId: wh,
      quantity,
      fromReserved: false,
    });
  const line = (origin: string, variantId: string, receivedQuantity = 10) => ({
    origin,
    variantId,
    warehouseId: wh,
    receivedQuantity,
  });
  const ask = async (...lines: ReturnType<typeof line>[]) => {
    const res = await inv.internal('/stock/lines-on-hand', { lines });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    inv = await startInventory(ORG);
    wh = await inv.warehouse('A');
    expect((await receive('var_fifo', 'po_a:ln_1', 2)).status).toBe(201);
    expect((await receive('var_fifo', 'po_b:ln_1', 3)).status).toBe(201);
    expect((await sell('var_fifo', 7)).status).toBe(201);
  });
  afterAll(() => inv.close());

  it('counts each line by its own FIFO layers: the older order sold first, not the newest receipts', async () => {
    // 13 on hand: po_a keeps 3 of its 10, po_b all 10 (the variant's total would give po_a 10).
    expect(
      await ask(line('po_a:ln_1', 'var_fifo'), line('po_b:ln_1', 'var_fifo'), line('po_x:ln_1', 'var_none')),
    ).toEqual([
      { origin: 'po_a:ln_1', variantId: 'var_fifo', onHand: 3, sold: 7 },
      { origin: 'po_b:ln_1', variantId: 'var_fifo', onHand: 10, sold: 0 },
      { origin: 'po_x:ln_1', variantId: 'var_none', onHand: 0, sold: 10 },
    ]);
  });

  it('is the split a landed cost on the line takes: 10.01 puts 3.00 on its layer and 7.01 to COGS', async () => {
    const applied = newEvent('landed_cost.applied', {
      orgId: ORG,
      landedCostId: 'lc_a',
      revision: 1,
      lines: [
        {
          purchaseOrderId: 'po_a',
          lineId: 'ln_1',
          variantId: 'var_fifo',
          warehouseId: wh,
          receivedQuantity: 10,
          amountCents: 1001,
        },
      ],
    });
    await inv.delivered(applied);
    const entries = await inv.connection
      .collection('stock_valuation_entries')
      .find({ orgId: ORG, kind: 'LANDED_COST' })
      .toArray();
    expect(entries.map((e) => [e.valueCents, e.cogsCents])).toEqual([
      [300, 0],
      [0, 701],
    ]);
    const layers = (await inv.level('var_fifo'))!.costPools[0].layers as { origin: string; valueCents: number }[];
    expect(layers.map((l) => [l.origin, l.valueCents])).toEqual([
      ['po_a:ln_1', 3 * 200 + 300],
      ['po_b:ln_1', 10 * 300],
    ]);
  });

  it('gives each line of a mixed moving-average pool its share of what is left', async () => {
    expect((await inv.request('PATCH', '/inventory-settings', { costingMethod: 'MOVING_AVERAGE' })).status).toBe(200);
    await receive('var_avg', 'po_c:ln_1', 2);
    await receive('var_avg', 'po_d:ln_1', 3);
    await sell('var_avg', 12);
    // 8 of the 20 that came in are left: 8/20 of each line's 10 units.
    expect(await ask(line('po_c:ln_1', 'var_avg'), line('po_d:ln_1', 'var_avg', 5))).toEqual([
      { origin: 'po_c:ln_1', variantId: 'var_avg', onHand: 4, sold: 6 },
      { origin: 'po_d:ln_1', variantId: 'var_avg', onHand: 2, sold: 3 },
    ]);
  });

  it('is what the typed client in contracts reads; another organization has it all sold', async () => {
    const client = inventoryClient({ baseUrl: inv.url, sign: serviceSigner('invoicing', TEST_IDENTITY_SECRET) });
    expect(await client.linesOnHand(ORG, [line('po_b:ln_1', 'var_fifo')])).toEqual([
      { origin: 'po_b:ln_1', variantId: 'var_fifo', onHand: 10, sold: 0 },
    ]);
    expect(await client.linesOnHand('org_someone_else', [line('po_b:ln_1', 'var_fifo')])).toEqual([
      { origin: 'po_b:ln_1', variantId: 'var_fifo', onHand: 0, sold: 10 },
    ]);
  });

  it('refuses an empty list or a negative received quantity (400 validation_failed)', async () => {
    for (const lines of [[], [line('po_a:ln_1', 'var_fifo', -1)]]) {
      const res = await inv.internal('/stock/lines-on-hand', { lines });
      expect([res.status, res.body.error.code]).toEqual([400, 'validation_failed']);
    }
  });
});

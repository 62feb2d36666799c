import { json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_valuation';

/** A variant's valuation entries as [kind, warehouse, quantity, value, COGS, value after], in their order. */
type Row = [string, string, number, number, number, number];

describe('stock valuation: every movement writes its cost (stock_valuation_entries)', () => {
  let inv: Inventory;
  let a: string;
  let b: string;
  beforeAll(async () => {
    inv = await startInventory(ORG);
    await inv.variants('var_v_adjust', 'var_v_count');
    a = await inv.warehouse('A');
    b = await inv.warehouse('B');
  });
  afterAll(() => inv.close());

  const entries = async (variantId: string) =>
    inv.connection
      .collection('stock_valuation_entries')
      .find({ orgId: ORG, variantId })
      .sort({ at: 1, version: 1, index: 1 })
      .toArray();
  const rows = async (variantId: string): Promise<Row[]> =>
    (await entries(variantId)).map((e) => [
      e.kind,
      e.warehouseId === a ? 'A' : 'B',
      e.quantity,
      e.valueCents,
      e.cogsCents,
      e.valueAfterCents,
    ]);
  const internal = async (path: string, body: Record<string, unknown>) => {
    const res = await inv.internal(`/stock/${path}`, { warehouseId: a, ...body });
    expect(res.status).toBe(201);
    return json(res);
  };
  const receive = (variantId: string, quantity: number, unitCost: number, key: string) =>
    internal('receive', { operationKey: key, variantId, quantity, unitCost, origin: key.split(':rcp')[0] });
  const layers = async (variantId: string, warehouseId = a) => {
    const level = await inv.level(variantId);
    const pool = (
      level?.costPools as { warehouseId: string; layers: { quantity: number; valueCents: number }[] }[]
    ).find((p) => p.warehouseId === warehouseId)!;
    return pool.layers.map((l) => [l.quantity, l.valueCents]);
  };

  it('FIFO: 10 @ $2.00 and 10 @ $3.00 received, 15 sold: COGS 3,500 cents, 5 left worth 1,500', async () => {
    await receive('var_v_fifo', 10, 2, 'po_1:ln_1:rcp_1');
    await receive('var_v_fifo', 10, 3, 'po_1:ln_2:rcp_1');
    await internal('deduct', {
      operationKey: 'ord_1:ship',
      variantId: 'var_v_fifo',
      quantity: 15,
      fromReserved: false,
    });
    // Sale: the first layer whole (10 × 200 = 2,000) and 5 of the second (5 × 300 = 1,500).
    expect(await rows('var_v_fifo')).toEqual([
      ['RECEIPT', 'A', 10, 2000, 0, 2000],
      ['RECEIPT', 'A', 10, 3000, 0, 5000],
      ['SALE', 'A', -15, -3500, 3500, 1500],
    ]);
    expect(await layers('var_v_fifo')).toEqual([[5, 1500]]);
    const sale = (await entries('var_v_fifo'))[2]!;
    const movement = (await json(await inv.request('GET', '/stock/movements?variantId=var_v_fifo&type=SALE'))).data[0];
    expect(sale.cause).toEqual({ type: 'movement', id: movement.id });
    expect(sale.at).toEqual(new Date(movement.createdAt));
  });

  it('a keyed receipt sent again (a replay) makes no second entry', async () => {
    await receive('var_v_once', 4, 1.5, 'po_2:ln_1:rcp_1');
    const again = await receive('var_v_once', 4, 1.5, 'po_2:ln_1:rcp_1');
    expect(again).toMatchObject({ replayed: true, onHand: 4 });
    expect(await rows('var_v_once')).toEqual([['RECEIPT', 'A', 4, 600, 0, 600]]);
  });

  it('an adjust in takes its unitCost, one without it the average, an adjust out its FIFO cost', async () => {
    const adjust = (quantity: number, unitCost?: number) =>
      inv.request('POST', '/stock/adjust', {
        variantId: 'var_v_adjust',
        warehouseId: a,
        quantity,
        reason: 'r',
        unitCost,
      });
    expect((await adjust(4, 1.25)).status).toBe(201);
    expect((await adjust(2, 2)).status).toBe(201);
    expect((await adjust(3)).status).toBe(201);
    expect((await adjust(-5)).status).toBe(201);
    // 4 × 125 = 500, 2 × 200 = 400; 3 at the average of 900 / 6 = 450; out 5: 4 (500) + 1 of 2 (200).
    expect(await rows('var_v_adjust')).toEqual([
      ['ADJUSTMENT', 'A', 4, 500, 0, 500],
      ['ADJUSTMENT', 'A', 2, 400, 0, 900],
      ['ADJUSTMENT', 'A', 3, 450, 0, 1350],
      ['ADJUSTMENT', 'A', -5, -700, 0, 650],
    ]);
    expect(await layers('var_v_adjust')).toEqual([
      [1, 200],
      [3, 450],
    ]);
  });

  it('a transfer carries its layers: the value leaves A and arrives in B, the total unchanged', async () => {
    await receive('var_v_transfer', 5, 4, 'po_3:ln_1:rcp_1');
    await receive('var_v_transfer', 5, 6, 'po_3:ln_2:rcp_1');
    const res = await inv.request('POST', '/stock/transfer', {
      variantId: 'var_v_transfer',
      fromWarehouseId: a,
      toWarehouseId: b,
      quantity: 7,
    });
    expect(res.status).toBe(201);
    // Out 7: 5 × 400 + 2 × 600 = 3,200, into B as two layers; A keeps 3 × 600 = 1,800.
    expect((await rows('var_v_transfer')).slice(2)).toEqual([
      ['TRANSFER_OUT', 'A', -7, -3200, 0, 1800],
      ['TRANSFER_IN', 'B', 7, 3200, 0, 3200],
    ]);
    expect(await layers('var_v_transfer', b)).toEqual([
      [5, 2000],
      [2, 1200],
    ]);
  });

  it('a count costs its net change in the warehouse: found in one bin, missing from another, once', async () => {
    const bin = await inv.bin(a, 'V-1');
    await receive('var_v_count', 10, 1, 'po_4:ln_1:rcp_1');
    await inv.adjust('var_v_count', a, 4, bin);
    const count = {
      countId: 'cnt_v_1',
      lines: [
        { variantId: 'var_v_count', binId: null, countedQuantity: 7 },
        { variantId: 'var_v_count', binId: bin, countedQuantity: 5 },
      ],
    };
    expect((await inv.request('POST', `/warehouses/${a}/stock/count/apply`, count)).status).toBe(201);
    expect((await inv.request('POST', `/warehouses/${a}/stock/count/apply`, count)).status).toBe(201);
    // Unassigned −3, the bin +1: net −2, out at FIFO (2 × 100); the bin's 4 came in at the average (100).
    expect(await rows('var_v_count')).toEqual([
      ['RECEIPT', 'A', 10, 1000, 0, 1000],
      ['ADJUSTMENT', 'A', 4, 400, 0, 1400],
      ['COUNT', 'A', -2, -200, 0, 1200],
    ]);
  });

  it('stock on hand before costing began opens at 0 (OPENING), as the oldest stock FIFO sells first', async () => {
    await inv.connection.collection('stock_levels').insertOne({
      _id: `${ORG}:var_v_old` as never,
      orgId: ORG,
      variantId: 'var_v_old',
      locations: [{ warehouseId: a, binId: null, onHand: 6 }],
      reserved: 0,
      version: 3,
    });
    await receive('var_v_old', 4, 5, 'po_5:ln_1:rcp_1');
    await internal('deduct', { operationKey: 'ord_5:ship', variantId: 'var_v_old', quantity: 7, fromReserved: false });
    // Sale of 7: the 6 opened at 0, then 1 of the receipt (500).
    expect(await rows('var_v_old')).toEqual([
      ['OPENING', 'A', 6, 0, 0, 0],
      ['RECEIPT', 'A', 4, 2000, 0, 2000],
      ['SALE', 'A', -7, -500, 500, 1500],
    ]);
    expect(await layers('var_v_old')).toEqual([[3, 1500]]);
  });

  it('two sales of one variant in one batch of moves are two entries, in their order', async () => {
    await receive('var_v_moves', 2, 1, 'po_6:ln_1:rcp_1');
    await receive('var_v_moves', 2, 3, 'po_6:ln_2:rcp_1');
    const sale = (key: string) => ({ kind: 'deduct', operationKey: key, variantId: 'var_v_moves', warehouseId: a });
    const res = await inv.internal('/stock/moves', {
      moves: [
        { ...sale('ord_6:ship'), quantity: 3, fromReserved: false },
        { ...sale('ord_7:ship'), quantity: 1, fromReserved: false },
      ],
    });
    expect(res.status).toBe(200);
    expect((await rows('var_v_moves')).slice(2)).toEqual([
      ['SALE', 'A', -3, -500, 500, 300],
      ['SALE', 'A', -1, -300, 300, 0],
    ]);
    // One write: its entries are one list, so each row has its own place in it.
    expect((await entries('var_v_moves')).slice(2).map((e) => e.index)).toEqual([0, 1]);
  });
});

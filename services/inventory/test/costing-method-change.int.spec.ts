import { setTimeout as sleep } from 'node:timers/promises';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_costing_method';

/**
 * PATCH /inventory-settings `costingMethod` applies from that moment: each pool follows it at its
 * next movement (FIFO's layers merged into one average pool, or the pool made FIFO's first layer),
 * on every replica (each keeps the method in a cache a change drops everywhere).
 */
describe('a change of the costing method', () => {
  let inv: Inventory;
  let a: string;
  beforeAll(async () => {
    inv = await startInventory(ORG);
    a = await inv.warehouse('A');
  });
  afterAll(() => inv.close());

  const method = async (costingMethod: string) =>
    expect((await inv.request('PATCH', '/inventory-settings', { costingMethod })).status).toBe(200);
  const receive = (variantId: string, quantity: number, unitCost: number, key: string) =>
    inv.internal('/stock/receive', { operationKey: key, variantId, warehouseId: a, quantity, unitCost, origin: key });
  const sell = (variantId: string, quantity: number, key: string, send = inv.internal) =>
    send('/stock/deduct', { operationKey: key, variantId, warehouseId: a, quantity, fromReserved: false });
  /** The variant's SALE entries' cost of goods sold, in cents, in their order. */
  const cogs = async (variantId: string) =>
    (
      await inv.connection
        .collection('stock_valuation_entries')
        .find({ orgId: ORG, variantId, kind: 'SALE' })
        .sort({ at: 1, version: 1, index: 1 })
        .toArray()
    ).map((e) => e.cogsCents);

  it('sells FIFO, then at the average once the method is MOVING_AVERAGE, then FIFO again', async () => {
    await method('FIFO');
    await receive('var_m', 10, 2, 'po_1:ln_1');
    await receive('var_m', 10, 4, 'po_1:ln_2');
    await sell('var_m', 5, 'ord_1:ship');
    await method('MOVING_AVERAGE');
    await sell('var_m', 5, 'ord_2:ship');
    await receive('var_m', 10, 1, 'po_2:ln_1');
    await method('FIFO');
    await sell('var_m', 4, 'ord_3:ship');
    // FIFO: 5 of the 2.00 layer, 1,000. Average: 15 left worth 5,000 (5 × 2.00 + 10 × 4.00), 5 of them
    // 1,666.67, 1,667; 10 left worth 3,333, + 10 × 1.00 = 20 worth 4,333 in the one pool. FIFO again:
    // that pool is the first layer, 4 of 20: 866.6, 867.
    expect(await cogs('var_m')).toEqual([1000, 1667, 867]);
    const valuation = await inv.request('GET', '/reports/stock-valuation');
    expect(valuation.body.data).toEqual([expect.objectContaining({ key: 'var_m', quantity: 16, value: 34.66 })]);
  });

  it('reaches every replica at once: one that costed in FIFO sells at the average after the change', async () => {
    await method('FIFO');
    const replica = await inv.replica();
    const send = (path: string, body: unknown) => replica.request('POST', path, body, { base: '/internal/v1' });
    await receive('var_r', 2, 1, 'po_3:ln_1');
    await receive('var_r', 2, 3, 'po_3:ln_2');
    await sell('var_r', 1, 'ord_4:ship', send); // the replica reads the method (FIFO) and keeps it
    await method('MOVING_AVERAGE');
    // The drop is broadcast before the PATCH answers and arrives in milliseconds; the replica's copy
    // would otherwise live 5 s.
    await sleep(300);
    await sell('var_r', 1, 'ord_5:ship', send);
    // FIFO: 1 of the 1.00 layer. Average: 3 left worth 7.00, 1 of them 2.33.
    expect(await cogs('var_r')).toEqual([100, 233]);
    await replica.close();
  });
});

import { startInventory, type Inventory } from './support/inventory';
import { stockLevelCodec } from '../src/store/stock-level.codec';

const ORG = 'org_inventory_aging';
const DAY = 86_400_000;

/** A stored layer, as the level document keeps it. */
interface Layer {
  quantity: number;
  valueCents: number;
  receivedAt: Date;
}

/**
 * GET /reports/inventory-aging over the pools on hand now: A holds var_g1 in five FIFO layers
 * (1 @ 1.00, 2 @ 2.00, 3 @ 3.00, 4 @ 4.00, 5 @ 5.00), B var_g2 received under moving average
 * (4 @ 1.00 and 4 @ 2.00: one pool of 8 worth 12.00). Receipts are dated now, so the test dates
 * the layers back on the stored levels: A's 10, 45, 75, 120 and 400 days, B's 31 days.
 */
describe('GET /reports/inventory-aging', () => {
  let inv: Inventory;
  let a: string;
  let b: string;
  beforeAll(async () => {
    inv = await startInventory(ORG);
    [a, b] = [await inv.warehouse('A'), await inv.warehouse('B')];
    const receive = (variantId: string, warehouseId: string, quantity: number, unitCost: number, key: string) =>
      inv.internal('/stock/receive', { operationKey: key, variantId, warehouseId, quantity, unitCost, origin: key });
    expect((await inv.request('PATCH', '/inventory-settings', { costingMethod: 'MOVING_AVERAGE' })).status).toBe(200);
    await receive('var_g2', b, 4, 1, 'po_1:ln_1');
    await receive('var_g2', b, 4, 2, 'po_1:ln_2');
    expect((await inv.request('PATCH', '/inventory-settings', { costingMethod: 'FIFO' })).status).toBe(200);
    for (const n of [1, 2, 3, 4, 5]) await receive('var_g1', a, n, n, `po_2:ln_${n}`);
    await dateLayersBack('var_g1', [10, 45, 75, 120, 400]);
    await dateLayersBack('var_g2', [31]);
  });
  afterAll(() => inv.close());

  /** Sets the layers' receivedAt of the variant's one pool to these many days ago, oldest layer last. */
  async function dateLayersBack(variantId: string, ages: number[]) {
    const levels = inv.connection.collection('stock_levels');
    const _id = `${ORG}:${variantId}` as never;
    const level = stockLevelCodec.decode((await levels.findOne({ _id }))!);
    const [pool] = level.costPools as { layers: Layer[] }[];
    expect(pool!.layers).toHaveLength(ages.length);
    const now = Date.now();
    const layers = pool!.layers.map((l, i) => ({ ...l, receivedAt: new Date(now - ages[i]! * DAY) }));
    await levels.updateOne({ _id }, { $set: { costPools: [{ ...pool, layers }] } });
  }

  const aging = async (query = '') => {
    const res = await inv.request('GET', `/reports/inventory-aging${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  /** The buckets as [bucket, quantity, value]. */
  const buckets = (body: { buckets: { bucket: string; quantity: number; value: number }[] }) =>
    body.buckets.map((b) => [b.bucket, b.quantity, b.value]);

  it('puts each layer’s value in the bucket of its age, moving average’s pool by its last stock in', async () => {
    const body = await aging();
    expect(buckets(body)).toEqual([
      ['0-30', 1, 1],
      ['31-60', 10, 16],
      ['61-90', 3, 9],
      ['91-180', 4, 16],
      ['181+', 5, 25],
    ]);
    expect(body).toMatchObject({ currency: 'USD', warehouseId: null, totalQuantity: 23, totalValue: 67 });
    expect(body.buckets[4]).toMatchObject({ minDays: 181, maxDays: null });
  });

  it('ages one warehouse’s stock', async () => {
    const body = await aging(`?warehouseId=${b}`);
    expect(buckets(body)).toEqual([
      ['0-30', 0, 0],
      ['31-60', 8, 12],
      ['61-90', 0, 0],
      ['91-180', 0, 0],
      ['181+', 0, 0],
    ]);
    expect(body).toMatchObject({ warehouseId: b, totalQuantity: 8, totalValue: 12 });
  });

  it('counts ages to asOf: a layer received after it is 0 days old', async () => {
    const body = await aging(`?asOf=${new Date(Date.now() - 30 * DAY).toISOString()}`);
    // Ages 10, 45, 75, 120, 400 and 31 days less 30: -20 (0), 15, 45, 90, 370 and 1.
    expect(buckets(body)).toEqual([
      ['0-30', 11, 17],
      ['31-60', 3, 9],
      ['61-90', 4, 16],
      ['91-180', 0, 0],
      ['181+', 5, 25],
    ]);
  });

  it('answers 404 for a warehouse of another organization', async () => {
    const theirs = await inv.request('POST', '/warehouses', { name: 'Theirs' }, { orgId: 'org_inventory_aging_2' });
    const res = await inv.request('GET', `/reports/inventory-aging?warehouseId=${theirs.body.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('resource_not_found');
  });

  it.each([
    ['asOf tomorrow', `?asOf=${new Date(Date.now() + DAY).toISOString().slice(0, 10)}`],
    ['an unparsable asOf', '?asOf=last-month'],
  ])('refuses %s (400 validation_failed)', async (_name, query) => {
    const res = await inv.request('GET', `/reports/inventory-aging${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});

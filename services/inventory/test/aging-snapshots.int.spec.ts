import { createLogger } from '@stockyard/service-kit/ops';
import { SnapshotRefresher } from '@stockyard/service-kit/store';
import { agingOf, type AgeRow } from '../src/domain/inventory-aging';
import { agingSnapshots, type AgingSnapshots } from '../src/store/aging-snapshots';
import { LevelAgeRows } from '../src/store/level-age-rows';
import { stockLevelModel } from '../src/store/stock-level.model';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_aging_snapshots';

/**
 * The aging report from the kit's record snapshots (store/aging-snapshots.ts): the first report builds one, later
 * ones swap in the levels written since, a newer snapshot replaces an older. Each answer is held
 * against the levels summed straight (every level read), and the first against a hand count:
 * var_a 10 at 1.00 in A, var_b 4 at 2.50 in A and 6 at 3.00 in B, all received today.
 */
describe('the aging report from snapshots', () => {
  let inv: Inventory;
  let a: string;
  let b: string;
  let reads: LevelAgeRows;
  let snapshots: AgingSnapshots;
  const heads = () =>
    inv.connection.collection<{ _id: string; generation: string; shards: number }>('stock_aging_heads');
  const shards = () => inv.connection.collection<{ orgId: string; generation: string }>('stock_aging_shards');

  beforeAll(async () => {
    inv = await startInventory(ORG);
    [a, b] = [await inv.warehouse('A'), await inv.warehouse('B')];
    await inv.variants('var_a', 'var_b', 'var_c', 'var_d', 'var_e');
    await receive('var_a', a, 10, 1, 'po_1:ln_1');
    await receive('var_b', a, 4, 2.5, 'po_1:ln_2');
    await receive('var_b', b, 6, 3, 'po_1:ln_3');
    reads = new LevelAgeRows(stockLevelModel(inv.connection));
    snapshots = agingSnapshots(inv.connection, reads);
  });
  afterAll(() => inv.close());

  async function receive(variantId: string, warehouseId: string, quantity: number, unitCost: number, key: string) {
    const body = { operationKey: key, variantId, warehouseId, quantity, unitCost, origin: key };
    const res = await inv.internal('/stock/receive', body);
    if (res.status !== 201) throw new Error(`receive failed: ${res.status} ${await res.text()}`);
  }
  const report = async (query = '') => {
    const res = await inv.request('GET', `/reports/inventory-aging${query}`);
    expect(res.status).toBe(200);
    const { buckets, totalQuantity, totalValue } = res.body;
    return { buckets, totalQuantity, totalValue };
  };
  /** What every level's pools add up to, read straight. */
  const straight = async (warehouseId?: string) => {
    const rows: AgeRow[] = [];
    for await (const level of reads.all(ORG)) rows.push(...level.value);
    return agingOf(rows, new Date(), warehouseId);
  };
  const head = () => heads().findOne({ _id: ORG });
  const shardGenerations = async () => [
    ...new Set((await shards().find({ orgId: ORG }).toArray()).map((s) => s.generation)),
  ];

  it('builds a snapshot on the first report and answers what the levels add up to', async () => {
    expect(await head()).toBeNull();
    const body = await report();
    expect(body).toMatchObject({ totalQuantity: 20, totalValue: 38 });
    expect(body.buckets[0]).toMatchObject({ bucket: '0-30', quantity: 20, value: 38 });
    expect(await report(`?warehouseId=${b}`)).toMatchObject({ totalQuantity: 6, totalValue: 18 });
    expect(body).toEqual(await straight());
    const built = (await head())!;
    expect(await shardGenerations()).toEqual([built.generation]);
    expect(await shards().countDocuments({ orgId: ORG })).toBe(built.shards);
  });

  it('swaps in the levels written since, on the same snapshot', async () => {
    const before = (await head())!;
    await receive('var_c', b, 3, 5, 'po_2:ln_1');
    await inv.adjust('var_a', a, -4);
    const move = { variantId: 'var_b', fromWarehouseId: b, toWarehouseId: a, quantity: 2 };
    expect((await inv.request('POST', '/stock/transfer', move)).status).toBe(201);
    const body = await report();
    expect(body).toMatchObject({ totalQuantity: 19, totalValue: 49 });
    expect(body).toEqual(await straight());
    expect(await report(`?warehouseId=${a}`)).toEqual(await straight(a));
    expect((await head())!.generation).toBe(before.generation);
  });

  it('replaces an older snapshot with a newer one, its shards removed, the answer the same', async () => {
    const before = (await head())!;
    await snapshots.build(ORG);
    const after = (await head())!;
    expect(after.generation).not.toBe(before.generation);
    expect(await shardGenerations()).toEqual([after.generation]);
    expect(await report()).toEqual(await straight());
  });

  it('answers the same while snapshots are built beside its reads, the newest kept', async () => {
    const other = agingSnapshots(inv.connection, reads);
    await inv.adjust('var_c', b, 2);
    const expected = await straight();
    const answers = await Promise.all([report(), snapshots.build(ORG), report(), other.build(ORG), report()]);
    for (const answer of [answers[0], answers[2], answers[4]]) expect(answer).toEqual(expected);
    const newest = (await head())!;
    expect(await shardGenerations()).toEqual([newest.generation]);
    expect(await report()).toEqual(expected);
  });

  it('is built again by the refresher once more levels than its bound were written since', async () => {
    const written = (await snapshots.writtenSince(ORG))!;
    const refresher = new SnapshotRefresher([snapshots], 0, createLogger('test', 'silent'), written + 1);
    const before = (await head())!;
    await refresher.tick();
    expect((await head())!.generation).toBe(before.generation);
    await receive('var_d', a, 1, 1, 'po_3:ln_1');
    await receive('var_e', a, 1, 1, 'po_3:ln_2');
    await refresher.tick();
    expect((await head())!.generation).not.toBe(before.generation);
    expect(await report()).toEqual(await straight());
  });
});

import { json } from '@stockyard/testkit';
import { levelPlaces, LevelPlacesRebuild } from '../src/store/level-places';
import { stockLevelModel } from '../src/store/stock-level.model';
import { startInventory, type Inventory } from './support/inventory';

/** The level-place index: a warehouse's (bin's) levels are read by its term, not the organization's levels. */
describe('the level-place index (GET /warehouses/{id}/stock, warehouse and bin deletes)', () => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await startInventory('org_places');
    await inv.variants('var_pl1', 'var_pl2');
  });
  afterAll(() => inv.close());

  const rows = () => inv.connection.collection('stock_level_places').find({ orgId: 'org_places' }).toArray();
  const termsOf = async (variantId: string) =>
    (await rows())
      .filter((r) => r.ref === variantId)
      .map((r) => r.term as string)
      .sort();
  const listed = async (wh: string) =>
    (await json(await inv.request('GET', `/warehouses/${wh}/stock`))).data.map(
      (r: { variantId: string }) => r.variantId,
    );

  it('finds a level at its new place, not at a removed one, and a plain adjust writes no index row', async () => {
    const a = await inv.warehouse('Places A');
    const b = await inv.warehouse('Places B');
    const bin = await inv.bin(a, 'P-01');
    await inv.adjust('var_pl1', a, 4, bin);
    expect(await termsOf('var_pl1')).toEqual([`bin:${bin}`, `wh:${a}`].sort());
    expect(await listed(a)).toEqual(['var_pl1']);
    expect(await listed(b)).toEqual([]);

    const before = await rows();
    await inv.adjust('var_pl1', a, 1, bin); // an existing row: the hot path
    expect(await rows()).toEqual(before);

    await inv.adjust('var_pl1', b, 2); // a new place, read right after the write answers
    expect(await listed(b)).toEqual(['var_pl1']);
    expect(await termsOf('var_pl1')).toContain(`wh:${b}`);

    await inv.adjust('var_pl1', a, -5, bin);
    expect((await inv.request('DELETE', `/warehouses/${a}/bins/${bin}`)).status).toBe(204); // its empty row goes
    expect(await termsOf('var_pl1')).toEqual([`wh:${b}`]);
    expect(await listed(a)).toEqual([]);

    await inv.adjust('var_pl1', b, -2);
    expect((await inv.request('DELETE', `/warehouses/${b}`)).status).toBe(204);
  });

  it('a warehouse holding stock is refused by its own levels; the rebuild restores rows of older levels', async () => {
    const c = await inv.warehouse('Places C');
    await inv.adjust('var_pl2', c, 3);
    const refused = await inv.request('DELETE', `/warehouses/${c}`);
    expect(refused.status).toBe(409);

    await inv.connection.collection('stock_level_places').deleteMany({ orgId: 'org_places', ref: 'var_pl2' });
    expect(await listed(c)).toEqual([]); // read through the index only
    await inv.connection.collection('inventory_passes').deleteOne({ _id: 'stock_level_places' } as never);
    const places = levelPlaces(inv.connection);
    await new LevelPlacesRebuild(inv.connection, stockLevelModel(inv.connection), places).start();
    expect(await termsOf('var_pl2')).toEqual([`wh:${c}`]);
    expect(await listed(c)).toEqual(['var_pl2']);
  });
});

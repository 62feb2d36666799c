import { json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

describe('GET, POST /warehouses/{id}/bins and PATCH, DELETE /warehouses/{id}/bins/{binId}', () => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await startInventory('org_bins');
    // The catalog variants this file creates stock for.
    await inv.variants('var_bin_del');
  });
  afterAll(() => inv.close());

  it('creates, lists and renames bins; a duplicate name is 409 bin_name_taken', async () => {
    const wh = await inv.warehouse('Bins');
    const a = await inv.request('POST', `/warehouses/${wh}/bins`, { name: 'A-01' });
    expect(a.status).toBe(201);
    const bin = await json(a);
    expect(bin).toMatchObject({ warehouseId: wh, name: 'A-01' });
    expect(bin.id).toMatch(/^bin_/);
    const dup = await inv.request('POST', `/warehouses/${wh}/bins`, { name: 'A-01' });
    expect(dup.status).toBe(409);
    expect((await json(dup)).error.code).toBe('bin_name_taken');
    await inv.bin(wh, 'B-01');
    const renamed = await inv.request('PATCH', `/warehouses/${wh}/bins/${bin.id}`, { name: 'A-02' });
    expect(renamed.status).toBe(200);
    expect((await json(renamed)).name).toBe('A-02');
    const clash = await inv.request('PATCH', `/warehouses/${wh}/bins/${bin.id}`, { name: 'B-01' });
    expect(clash.status).toBe(409);
    expect((await json(clash)).error.code).toBe('bin_name_taken');
    const list = await json(await inv.request('GET', `/warehouses/${wh}/bins`));
    expect(list.data.map((b: { name: string }) => b.name)).toEqual(['A-02', 'B-01']);
    expect(list.total).toBe(2);
  });

  it('deletes an empty bin and refuses one holding stock with 409 bin_not_empty', async () => {
    const wh = await inv.warehouse('Bin delete');
    const full = await inv.bin(wh, 'Full');
    const empty = await inv.bin(wh, 'Empty');
    await inv.adjust('var_bin_del', wh, 3, full);
    await inv.adjust('var_bin_del', wh, 2, empty);
    await inv.adjust('var_bin_del', wh, -2, empty);
    const refused = await inv.request('DELETE', `/warehouses/${wh}/bins/${full}`);
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.code).toBe('bin_not_empty');
    expect((await inv.request('DELETE', `/warehouses/${wh}/bins/${empty}`)).status).toBe(204);
    const level = await inv.level('var_bin_del');
    expect(level?.locations.map((l: { binId: string }) => l.binId)).toEqual([full]);
    const bins = await json(await inv.request('GET', `/warehouses/${wh}/bins`));
    expect(bins.data.map((b: { id: string }) => b.id)).toEqual([full]);
  });
});

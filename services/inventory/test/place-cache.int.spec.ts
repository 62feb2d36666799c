import { json } from '@stockyard/testkit';
import { WarehouseRepository } from '../src/store/warehouse.repository';
import { startInventory, type Inventory } from './support/inventory';

/** Stock changes check their warehouse and bin from a cache every replica keeps in step. */
describe('the places stock changes name, across replicas', () => {
  let inv: Inventory;
  let other: Awaited<ReturnType<Inventory['replica']>>;
  beforeAll(async () => {
    inv = await startInventory('org_places');
    // The catalog variants this file creates stock for.
    await inv.variants('var_places');
    other = await inv.replica();
  });
  afterAll(async () => {
    await other.close();
    await inv.close();
  });

  const adjustThere = (warehouseId: string, quantity: number, binId: string | null = null) =>
    other.request('POST', '/stock/adjust', { variantId: 'var_places', warehouseId, binId, quantity, reason: 'test' });

  it('reads a warehouse once for many changes', async () => {
    const wh = await inv.warehouse('Read once');
    const reads = jest.spyOn(WarehouseRepository.prototype, 'get');
    try {
      for (const quantity of [1, 1, -2]) expect((await adjustThere(wh, quantity)).status).toBe(201);
      expect(reads.mock.calls.filter(([, id]) => id === wh)).toHaveLength(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('refuses a change in a warehouse another replica has just deleted', async () => {
    const wh = await inv.warehouse('Deleted elsewhere');
    expect((await adjustThere(wh, 1)).status).toBe(201); // the other replica now holds it
    expect((await adjustThere(wh, -1)).status).toBe(201);
    expect((await inv.request('DELETE', `/warehouses/${wh}`)).status).toBe(204);

    await new Promise((r) => setTimeout(r, 100)); // the broadcast's trip, far below the cache's 1 s
    const refused = await adjustThere(wh, 1);
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.code).toBe('warehouse_deleted');
  });

  it('refuses a change in a bin another replica has just deleted', async () => {
    const wh = await inv.warehouse('Bins');
    const bin = await inv.bin(wh, 'A-1');
    expect((await adjustThere(wh, 1, bin)).status).toBe(201);
    expect((await adjustThere(wh, -1, bin)).status).toBe(201);
    expect((await inv.request('DELETE', `/warehouses/${wh}/bins/${bin}`)).status).toBe(204);

    await new Promise((r) => setTimeout(r, 100));
    const refused = await adjustThere(wh, 1, bin);
    expect(refused.status).toBe(404);
  });
});

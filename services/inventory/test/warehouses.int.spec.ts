import { asCaller, json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

describe('GET, POST /warehouses and GET, PATCH, DELETE /warehouses/{id}', () => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await startInventory('org_wh');
    // The catalog variants this file creates stock for.
    await inv.variants('var_wh_full');
  });
  afterAll(() => inv.close());

  it('creates, reads, lists and updates a warehouse with a wh_ id', async () => {
    const created = await inv.request('POST', '/warehouses', { name: 'North', code: 'N1' });
    expect(created.status).toBe(201);
    const wh = await json(created);
    expect(wh).toMatchObject({ name: 'North', code: 'N1', address: null, deletedAt: null });
    expect(wh.id).toMatch(/^wh_/);
    expect(await json(await inv.request('GET', `/warehouses/${wh.id}`))).toEqual(wh);
    const patched = await inv.request('PATCH', `/warehouses/${wh.id}`, { address: '1 Dock Rd' });
    expect(patched.status).toBe(200);
    expect(await json(patched)).toMatchObject({ name: 'North', address: '1 Dock Rd' });
    const list = await json(await inv.request('GET', '/warehouses?limit=200'));
    expect(list.data.map((w: { id: string }) => w.id)).toContain(wh.id);
    expect(list).toMatchObject({ limit: 200, offset: 0 });
  });

  it('answers 400 validation_failed for a warehouse without a name', async () => {
    const res = await inv.request('POST', '/warehouses', { code: 'X' });
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe('validation_failed');
  });

  it('hides another organization’s warehouse behind 404', async () => {
    const id = await inv.warehouse('Private');
    const res = await fetch(`${inv.url}/api/v1/warehouses/${id}`, {
      headers: asCaller('org_intruder', ['warehouses.read']),
    });
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('resource_not_found');
  });

  it('soft deletes an empty warehouse: hidden from the list, still readable, no longer writable', async () => {
    const id = await inv.warehouse('Temp');
    expect((await inv.request('DELETE', `/warehouses/${id}`)).status).toBe(204);
    const list = await json(await inv.request('GET', '/warehouses?limit=200'));
    expect(list.data.map((w: { id: string }) => w.id)).not.toContain(id);
    const all = await json(await inv.request('GET', '/warehouses?limit=200&includeDeleted=true'));
    expect(all.data.find((w: { id: string }) => w.id === id).deletedAt).not.toBeNull();
    const adjust = await inv.request('POST', '/stock/adjust', {
      variantId: 'var_x',
      warehouseId: id,
      quantity: 1,
      reason: 'r',
    });
    expect(adjust.status).toBe(409);
    expect((await json(adjust)).error.code).toBe('warehouse_deleted');
    const patch = await inv.request('PATCH', `/warehouses/${id}`, { name: 'Back' });
    expect(patch.status).toBe(409);
    expect((await json(patch)).error.code).toBe('warehouse_deleted');
    expect((await inv.request('POST', `/warehouses/${id}/bins`, { name: 'Late' })).status).toBe(409);
    expect((await inv.request('DELETE', `/warehouses/${id}`)).status).toBe(409);
  });

  it('refuses to delete a warehouse holding stock with 409 warehouse_not_empty', async () => {
    const id = await inv.warehouse('Stocked');
    await inv.adjust('var_wh_full', id, 2);
    const res = await inv.request('DELETE', `/warehouses/${id}`);
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('warehouse_not_empty');
  });
});

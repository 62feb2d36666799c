import { startInventory, type Inventory } from './support/inventory';

/** A warehouse code is unique among the organization's live warehouses, ignoring case (README: warehouse codes). */
describe('warehouse codes (POST, PATCH, DELETE /warehouses)', () => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await startInventory('org_codes');
  });
  afterAll(() => inv.close());

  const create = (name: string, code?: string | null, orgId?: string) =>
    inv.request('POST', '/warehouses', { name, code }, orgId ? { orgId } : {});
  const expectTaken = (res: { status: number; body: { error: { code: string } } }) => {
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('warehouse_code_taken');
  };

  it('refuses a code another live warehouse has, in any case, with 409 warehouse_code_taken', async () => {
    expect((await create('North', 'N1')).status).toBe(201);
    expectTaken(await create('North again', 'N1'));
    expectTaken(await create('North, lower case', ' n1 '));
    const list = await inv.request('GET', '/warehouses?limit=200');
    expect(list.body.data.filter((w: { code: string | null }) => w.code?.toUpperCase() === 'N1')).toHaveLength(1);
  });

  it('lets warehouses without a code, and another organization, be', async () => {
    expect((await create('No code 1')).status).toBe(201);
    expect((await create('No code 2', null)).status).toBe(201);
    expect((await create('Theirs', 'N1', 'org_codes_other')).status).toBe(201);
  });

  it('refuses a PATCH to a taken code and frees the old code when the code changes', async () => {
    const south = (await create('South', 'S1')).body.id;
    const east = (await create('East', 'E1')).body.id;
    expectTaken(await inv.request('PATCH', `/warehouses/${east}`, { code: 's1' }));
    expect((await inv.request('GET', `/warehouses/${east}`)).body.code).toBe('E1');
    const moved = await inv.request('PATCH', `/warehouses/${south}`, { code: 'S2' });
    expect(moved.status).toBe(200);
    expect(moved.body.code).toBe('S2');
    expect((await create('South II', 'S1')).status).toBe(201); // S1 is free again
    expect((await inv.request('PATCH', `/warehouses/${south}`, { code: 's2', name: 'South' })).status).toBe(200);
    const cleared = await inv.request('PATCH', `/warehouses/${east}`, { code: null });
    expect(cleared.body.code).toBeNull();
    expect((await create('East II', 'E1')).status).toBe(201);
  });

  it('frees the code of a deleted warehouse', async () => {
    const west = (await create('West', 'W1')).body.id;
    expect((await inv.request('DELETE', `/warehouses/${west}`)).status).toBe(204);
    expect((await create('New west', 'W1')).status).toBe(201);
    expect((await inv.request('GET', `/warehouses/${west}`)).body).toMatchObject({ code: 'W1' });
  });

  it('claims stored codes first-come; a later duplicate keeps its code until a write names one', async () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    const legacy = (id: string, s: number, extra = {}) => ({
      _id: id,
      orgId: 'org_codes',
      name: id,
      code: 'OLD',
      address: null,
      deletedAt: null,
      createdAt: at(s),
      updatedAt: at(s),
      ...extra,
    });
    // As written before codes were claimed (no version, no claim).
    await inv.connection
      .collection('warehouses')
      .insertMany([
        legacy('wh_old_1', 1),
        legacy('wh_old_2', 2),
        legacy('wh_old_gone', 0, { deletedAt: at(3) }),
      ] as never);
    await inv.connection.collection('inventory_passes').deleteMany({});
    const restarted = await inv.replica(); // its start-up pass
    try {
      const all = (await restarted.request('GET', '/warehouses?limit=200')).body.data.map((w: { id: string }) => w.id);
      expect(all).toEqual(expect.arrayContaining(['wh_old_1', 'wh_old_2']));
      expectTaken(await restarted.request('POST', '/warehouses', { name: 'Newer', code: 'old' }));
      expectTaken(await restarted.request('PATCH', '/warehouses/wh_old_2', { code: 'OLD' }));
      const renamed = await restarted.request('PATCH', '/warehouses/wh_old_2', { name: 'Second' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Second', code: 'OLD' });
      expect((await restarted.request('PATCH', '/warehouses/wh_old_1', { code: 'old', name: 'First' })).status).toBe(
        200,
      );
      expect((await restarted.request('PATCH', '/warehouses/wh_old_2', { code: 'OLD-2' })).status).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});

import { json } from '@stockyard/testkit';
import type { Reply } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

describe('POST /stock/transfer', () => {
  let inv: Inventory;
  let from: string;
  let to: string;
  beforeAll(async () => {
    inv = await startInventory('org_transfer');
    await inv.variants(
      'var_t1',
      'var_t_avail',
      'var_t_fullest',
      'var_t_primary',
      'var_t_same',
      'var_t_single',
      'var_t_split',
    ); // catalog variants stock is created for
    from = await inv.warehouse('From');
    to = await inv.warehouse('To');
  });
  afterAll(() => inv.close());

  const transfer = (body: Record<string, unknown>) =>
    inv.request('POST', '/stock/transfer', { fromWarehouseId: from, toWarehouseId: to, ...body });
  const expectError = async (res: Reply, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect((await json(res)).error.code).toBe(code);
  };

  it('records TRANSFER_OUT and TRANSFER_IN with the notes appended to both reasons', async () => {
    await inv.adjust('var_t1', from, 10);
    const res = await transfer({ variantId: 'var_t1', quantity: 4, notes: 'restock north' });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.available).toBe(10);
    expect(body.movements).toEqual([
      expect.objectContaining({
        type: 'TRANSFER_OUT',
        warehouseId: from,
        binId: null,
        quantity: -4,
        onHandAfter: 6,
        reason: `Transfer to ${to}: restock north`,
        reference: body.id,
      }),
      expect.objectContaining({
        type: 'TRANSFER_IN',
        warehouseId: to,
        binId: null,
        quantity: 4,
        onHandAfter: 4,
        reason: `Transfer from ${from}: restock north`,
        reference: body.id,
      }),
    ]);
    const ledger = await json(await inv.request('GET', '/stock/movements?variantId=var_t1'));
    expect(ledger.data.map((m: { type: string }) => m.type).sort()).toEqual([
      'ADJUSTMENT',
      'TRANSFER_IN',
      'TRANSFER_OUT',
    ]);
  });

  it('leaves availability unchanged, so no availability event is emitted', async () => {
    await inv.adjust('var_t_avail', from, 5);
    await transfer({ variantId: 'var_t_avail', quantity: 5 });
    await new Promise((r) => setTimeout(r, 500));
    const changes = inv.events.filter(
      (e) => e.name === 'inventory.availability_changed' && e.payload.variantId === 'var_t_avail',
    );
    expect(changes.map((e) => e.payload.newAvailable)).toEqual([5]);
  });

  it('takes from the primary bin when one is set, even if another bin is fuller', async () => {
    const small = await inv.bin(from, 'P-small');
    const big = await inv.bin(from, 'P-big');
    await inv.adjust('var_t_primary', from, 3, small);
    await inv.adjust('var_t_primary', from, 9, big);
    expect(
      (await inv.request('POST', '/stock/primary-bin', { variantId: 'var_t_primary', warehouseId: from, binId: small }))
        .status,
    ).toBe(201);
    const ok = await json(await transfer({ variantId: 'var_t_primary', quantity: 2 }));
    expect(ok.movements[0]).toMatchObject({ binId: small, onHandAfter: 1 });
    await expectError(await transfer({ variantId: 'var_t_primary', quantity: 2 }), 422, 'insufficient_stock');
  });

  it('takes from the single stocked location, else the fullest', async () => {
    const a = await inv.bin(from, 'S-a');
    const b = await inv.bin(from, 'S-b');
    await inv.adjust('var_t_single', from, 6, a);
    expect((await json(await transfer({ variantId: 'var_t_single', quantity: 1 }))).movements[0].binId).toBe(a);
    await inv.adjust('var_t_fullest', from, 2, a);
    await inv.adjust('var_t_fullest', from, 7, b);
    await inv.adjust('var_t_fullest', from, 1);
    expect((await json(await transfer({ variantId: 'var_t_fullest', quantity: 7 }))).movements[0].binId).toBe(b);
  });

  it('fails with 422 insufficient_stock if the resolved location is short, but not the warehouse', async () => {
    const a = await inv.bin(from, 'I-a');
    const b = await inv.bin(from, 'I-b');
    await inv.adjust('var_t_split', from, 5, a);
    await inv.adjust('var_t_split', from, 4, b);
    await expectError(await transfer({ variantId: 'var_t_split', quantity: 6 }), 422, 'insufficient_stock');
    expect((await inv.level('var_t_split'))?.version).toBe(2);
  });

  it('rejects the same source and destination with 422 same_warehouse', async () => {
    await inv.adjust('var_t_same', from, 5);
    await expectError(
      await transfer({ variantId: 'var_t_same', toWarehouseId: from, quantity: 1 }),
      422,
      'same_warehouse',
    );
  });

  it.each([
    ['a zero quantity', { variantId: 'var_t1', quantity: 0 }],
    ['a negative quantity', { variantId: 'var_t1', quantity: -1 }],
    ['a missing variantId', { quantity: 1 }],
    ['a missing quantity', { variantId: 'var_t1' }],
    ['a missing toWarehouseId', { variantId: 'var_t1', quantity: 1, toWarehouseId: undefined }],
    ['an unknown field', { variantId: 'var_t1', quantity: 1, binId: 'x' }],
  ])('rejects %s with 400 validation_failed', async (_name, body) => {
    await expectError(await transfer(body), 400, 'validation_failed');
  });

  it('answers 404 for an unknown destination warehouse', async () => {
    await expectError(
      await transfer({ variantId: 'var_t1', toWarehouseId: 'wh_unknown', quantity: 1 }),
      404,
      'resource_not_found',
    );
  });
});

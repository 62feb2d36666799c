import { json } from '@stockyard/testkit';
import type { Reply } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

describe('POST /stock/move', () => {
  let inv: Inventory;
  let wh: string;
  let a: string;
  let b: string;
  beforeAll(async () => {
    inv = await startInventory('org_move');
    // The catalog variants this file creates stock for.
    await inv.variants('var_m1');
    wh = await inv.warehouse('Moves');
    a = await inv.bin(wh, 'A');
    b = await inv.bin(wh, 'B');
  });
  afterAll(() => inv.close());

  const move = (body: Record<string, unknown>) => inv.request('POST', '/stock/move', { warehouseId: wh, ...body });
  const expectError = async (res: Reply, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect((await json(res)).error.code).toBe(code);
  };

  it('relocates between bins with a TRANSFER_OUT/TRANSFER_IN pair and available unchanged', async () => {
    await inv.adjust('var_m1', wh, 8);
    const res = await move({ variantId: 'var_m1', fromBinId: null, toBinId: a, quantity: 5 });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.available).toBe(8);
    expect(body.movements).toEqual([
      expect.objectContaining({ type: 'TRANSFER_OUT', binId: null, quantity: -5, onHandAfter: 3 }),
      expect.objectContaining({ type: 'TRANSFER_IN', binId: a, quantity: 5, onHandAfter: 5 }),
    ]);
    const back = await json(await move({ variantId: 'var_m1', fromBinId: a, toBinId: b, quantity: 5 }));
    expect(back.movements.map((m: { binId: string }) => m.binId)).toEqual([a, b]);
    await new Promise((r) => setTimeout(r, 300));
    const changes = inv.events.filter(
      (e) => e.name === 'inventory.availability_changed' && e.payload.variantId === 'var_m1',
    );
    expect(changes).toHaveLength(1); // only the initial adjust
  });

  it('rejects fromBinId equal to toBinId with 422 same_bin', async () => {
    await expectError(await move({ variantId: 'var_m1', fromBinId: b, toBinId: b, quantity: 1 }), 422, 'same_bin');
    await expectError(
      await move({ variantId: 'var_m1', fromBinId: null, toBinId: null, quantity: 1 }),
      422,
      'same_bin',
    );
  });

  it('rejects a quantity above on hand at the source with 422 insufficient_stock', async () => {
    await expectError(
      await move({ variantId: 'var_m1', fromBinId: b, toBinId: a, quantity: 6 }),
      422,
      'insufficient_stock',
    );
  });

  it.each([
    ['a zero quantity', { variantId: 'var_m1', fromBinId: 'bin_p', toBinId: 'bin_q', quantity: 0 }],
    ['a negative quantity', { variantId: 'var_m1', fromBinId: 'bin_p', toBinId: 'bin_q', quantity: -2 }],
    ['a missing fromBinId', { variantId: 'var_m1', toBinId: 'bin_q', quantity: 1 }],
    ['a missing toBinId', { variantId: 'var_m1', fromBinId: 'bin_p', quantity: 1 }],
    [
      'a missing warehouseId',
      { variantId: 'var_m1', warehouseId: undefined, fromBinId: 'bin_p', toBinId: 'bin_q', quantity: 1 },
    ],
  ])('rejects %s with 400 validation_failed', async (_name, body) => {
    await expectError(await move(body), 400, 'validation_failed');
  });

  it('answers 404 for a destination bin of another warehouse', async () => {
    const other = await inv.warehouse('Other');
    const foreign = await inv.bin(other, 'F');
    await expectError(
      await move({ variantId: 'var_m1', fromBinId: b, toBinId: foreign, quantity: 1 }),
      404,
      'resource_not_found',
    );
  });
});

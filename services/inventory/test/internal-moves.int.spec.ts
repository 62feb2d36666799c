import { json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

describe('internal API: POST /stock/moves, many holds’ moves at once', () => {
  let inv: Inventory;
  let wh: string;
  beforeAll(async () => {
    inv = await startInventory('org_internal_moves');
    await inv.variants('var_m1', 'var_m2', 'var_m3');
    wh = await inv.warehouse('Moves');
    for (const variantId of ['var_m1', 'var_m2']) {
      await inv.internal('/stock/receive', {
        operationKey: `seed:${variantId}`,
        variantId,
        warehouseId: wh,
        quantity: 10,
      });
    }
  });
  afterAll(() => inv.close());

  const moves = async (list: Record<string, unknown>[]) => {
    const res = await inv.internal('/stock/moves', { moves: list.map((m) => ({ warehouseId: wh, ...m })) });
    return { status: res.status, body: await json(res) };
  };
  const level = async (variantId: string) =>
    (await json(await inv.request('GET', `/stock/variant/${variantId}/breakdown`)))[0];

  it('makes each move once, in order per level, a refused one beside the others', async () => {
    const res = await moves([
      { kind: 'reserve', operationKey: 'o1:h1:1', variantId: 'var_m1', quantity: 4 },
      { kind: 'reserve', operationKey: 'o1:h2:1', variantId: 'var_m2', quantity: 3 },
      { kind: 'reserve', operationKey: 'o1:h3:1', variantId: 'var_m1', quantity: 7 }, // 6 left
      { kind: 'reserve', operationKey: 'o1:h4:1', variantId: 'var_m1', quantity: 6 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { operationKey: 'o1:h1:1', ok: true, replayed: false },
      { operationKey: 'o1:h2:1', ok: true, replayed: false },
      {
        operationKey: 'o1:h3:1',
        ok: false,
        error: expect.objectContaining({ status: 422, code: 'insufficient_available' }),
      },
      { operationKey: 'o1:h4:1', ok: true, replayed: false },
    ]);
    expect(await level('var_m1')).toMatchObject({ onHand: 10, reserved: 10, available: 0 });
    expect(await level('var_m2')).toMatchObject({ onHand: 10, reserved: 3, available: 7 });
  });

  it('answers a key made before as replayed, by a batch or by its own route, and moves nothing again', async () => {
    await inv.internal('/stock/reserve', {
      operationKey: 'o2:single',
      variantId: 'var_m2',
      warehouseId: wh,
      quantity: 1,
    });
    const res = await moves([
      { kind: 'reserve', operationKey: 'o1:h2:1', variantId: 'var_m2', quantity: 3 },
      { kind: 'reserve', operationKey: 'o2:single', variantId: 'var_m2', quantity: 1 },
    ]);
    expect(res.body.data.map((o: { replayed?: boolean }) => o.replayed)).toEqual([true, true]);
    expect(await level('var_m2')).toMatchObject({ reserved: 4 });
  });

  it('deducts and releases with SALE movements in the ledger, once under concurrent retries', async () => {
    const batch = [
      { kind: 'deduct', operationKey: 'o1:h1:deduct', variantId: 'var_m1', quantity: 4 },
      { kind: 'release', operationKey: 'o1:h4:release', variantId: 'var_m1', quantity: 6 },
    ];
    const answers = await Promise.all([moves(batch), moves(batch), moves(batch)]);
    expect(answers.map((a) => a.body.data.every((o: { ok: boolean }) => o.ok))).toEqual([true, true, true]);
    expect(await level('var_m1')).toMatchObject({ onHand: 6, reserved: 0, available: 6 });
    const sales = await inv.connection
      .collection('stock_movements')
      .find({ variantId: 'var_m1', type: 'SALE' })
      .toArray();
    expect(sales.map((s) => [s.quantity, s.reference])).toEqual([[-4, 'o1:h1:deduct']]);
  });

  it('refuses a key reused with other parameters (409) as that move’s outcome', async () => {
    const res = await moves([{ kind: 'reserve', operationKey: 'o1:h2:1', variantId: 'var_m2', quantity: 2 }]);
    expect(res.body.data[0]).toMatchObject({ ok: false, error: { status: 409, code: 'operation_key_reused' } });
  });

  it('400 validation_failed for repeated keys, an empty list or an unknown kind', async () => {
    const repeated = { kind: 'reserve', operationKey: 'dup', variantId: 'var_m3', quantity: 1 };
    for (const list of [[repeated, repeated], [], [{ ...repeated, kind: 'receive' }]]) {
      const res = await moves(list);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });
});

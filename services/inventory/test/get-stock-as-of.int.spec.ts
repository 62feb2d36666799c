import { setTimeout as sleep } from 'node:timers/promises';
import { stockLevelModel } from '../src/store/stock-level.model';
import { ReservedLedgerOpening, reservedEntryModel } from '../src/store/reserved-ledger';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_stock_as_of';

/**
 * GET /stock/variant/{variantId}/as-of by hand: before `t1` A receives 10 @ 2.00; after it 4
 * move to B, B takes 1 more in at 3.00 (an adjust) and 2 are held in A.
 */
describe('GET /stock/variant/{variantId}/as-of', () => {
  let inv: Inventory;
  let a: string;
  let b: string;
  let t1: string;
  beforeAll(async () => {
    inv = await startInventory(ORG);
    [a, b] = [await inv.warehouse('A'), await inv.warehouse('B')];
    await inv.variants('var_s');
    const receipt = { operationKey: 'po_1:ln_1:rcp_1', variantId: 'var_s', warehouseId: a, quantity: 10, unitCost: 2 };
    expect((await inv.internal('/stock/receive', receipt)).status).toBe(201);
    t1 = new Date().toISOString();
    await sleep(5);
    const transfer = { variantId: 'var_s', fromWarehouseId: a, toWarehouseId: b, quantity: 4 };
    expect((await inv.request('POST', '/stock/transfer', transfer)).status).toBe(201);
    const adjust = { variantId: 'var_s', warehouseId: b, quantity: 1, unitCost: 3, reason: 'found' };
    expect((await inv.request('POST', '/stock/adjust', adjust)).status).toBe(201);
    const hold = { operationKey: 'ord_1:hold', variantId: 'var_s', warehouseId: a, quantity: 2 };
    expect((await inv.internal('/stock/reserve', hold)).status).toBe(201);
  });
  afterAll(() => inv.close());

  const asOf = async (variantId: string, query = '') => {
    const res = await inv.request('GET', `/stock/variant/${variantId}/as-of${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('answers on hand, value and what was reserved per warehouse on a past moment', async () => {
    expect(await asOf('var_s', `?date=${t1}`)).toEqual({
      variantId: 'var_s',
      asOf: t1,
      currency: 'USD',
      warehouses: [{ warehouseId: a, onHand: 10, reserved: 0, value: 20, unitCost: 2 }],
      onHand: 10,
      reserved: 0,
      value: 20,
    });
  });

  it("answers each past moment's holds from the reservation ledger: held, held more, one released", async () => {
    const receipt = { operationKey: 'po_2:ln_1:rcp_1', variantId: 'var_r', warehouseId: a, quantity: 10, unitCost: 1 };
    expect((await inv.internal('/stock/receive', receipt)).status).toBe(201);
    const moment = async () => {
      await sleep(5);
      const at = new Date().toISOString();
      await sleep(5);
      return at;
    };
    const call = async (path: string, body: object) =>
      expect((await inv.internal(path, { variantId: 'var_r', warehouseId: a, ...body })).status).toBe(201);
    const before = await moment();
    await call('/stock/reserve', { operationKey: 'ord_r1:hold', quantity: 4 });
    const held = await moment();
    await call('/stock/reserve', { operationKey: 'ord_r2:hold', quantity: 1 });
    // The same hold again (a retry) changes nothing, and is no row of its own.
    await call('/stock/reserve', { operationKey: 'ord_r2:hold', quantity: 1 });
    const more = await moment();
    await call('/stock/release', { operationKey: 'ord_r1:release', quantity: 4 });
    const released = await moment();
    const reserved = async (at: string) => {
      const body = await asOf('var_r', `?date=${at}`);
      return [body.reserved, body.warehouses.map((w: { reserved: number }) => w.reserved)];
    };
    expect(await reserved(before)).toEqual([0, [0]]);
    expect(await reserved(held)).toEqual([4, [4]]);
    expect(await reserved(more)).toEqual([5, [5]]);
    expect(await reserved(released)).toEqual([1, [1]]);
    expect((await asOf('var_r')).reserved).toBe(1);
    const rows = await inv.connection.collection('stock_reserved_entries').countDocuments({ variantId: 'var_r' });
    expect(rows).toBe(3);
  });

  it('gives the holds of levels written before the ledger began from its opening, dated then', async () => {
    const levels = inv.connection.collection<{ _id: string }>('stock_levels');
    await levels.insertOne({
      _id: `${ORG}:var_old`,
      orgId: ORG,
      variantId: 'var_old',
      locations: [{ warehouseId: b, binId: null, onHand: 6 }],
      reserved: 2,
      reservations: [{ warehouseId: b, quantity: 2 }],
      version: 7,
    } as never);
    await inv.connection.collection<{ _id: string }>('inventory_passes').deleteOne({ _id: 'stock_reserved_entries' });
    const before = new Date().toISOString();
    await new ReservedLedgerOpening(
      inv.connection,
      stockLevelModel(inv.connection),
      reservedEntryModel(inv.connection),
    ).start();
    const rows = await inv.connection.collection('stock_reserved_entries').find({ variantId: 'var_old' }).toArray();
    expect(rows).toEqual([expect.objectContaining({ warehouseId: b, version: 7, reserved: 2 })]);
    await sleep(5);
    expect((await asOf('var_old', `?date=${new Date().toISOString()}`)).reserved).toBe(2);
    expect((await asOf('var_old', `?date=${before}`)).reserved).toBe(0);
  });

  it('answers now by default, with the holds of each warehouse', async () => {
    const body = await asOf('var_s');
    // A: 6 × 2.00, 2 held; B: 4 × 2.00 carried over + 1 × 3.00.
    const expected = [
      { warehouseId: a, onHand: 6, reserved: 2, value: 12, unitCost: 2 },
      { warehouseId: b, onHand: 5, reserved: 0, value: 11, unitCost: 2.2 },
    ].sort((x, y) => (x.warehouseId < y.warehouseId ? -1 : 1));
    expect(body).toMatchObject({ warehouses: expected, onHand: 11, reserved: 2, value: 23 });
    expect(Date.parse(body.asOf)).toBeGreaterThan(Date.parse(t1));
  });

  it('takes today’s date as now (reserved known), an earlier day as past', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(await asOf('var_s', `?date=${today}`)).toMatchObject({ onHand: 11, reserved: 2, value: 23 });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await asOf('var_s', `?date=${yesterday}`)).toMatchObject({
      asOf: `${yesterday}T23:59:59.999Z`,
      warehouses: [],
      onHand: 0,
      reserved: null,
      value: 0,
    });
  });

  it('answers nothing on hand for a variant never stocked, or another organization’s', async () => {
    expect(await asOf('var_never')).toMatchObject({ warehouses: [], onHand: 0, reserved: 0, value: 0 });
    const theirs = await inv.request('GET', '/stock/variant/var_s/as-of', undefined, { orgId: 'org_stock_as_of_2' });
    expect(theirs.body).toMatchObject({ warehouses: [], onHand: 0, value: 0 });
  });

  it.each([
    ['a date tomorrow', `?date=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`],
    ['a date-time an hour ahead', `?date=${new Date(Date.now() + 3_600_000).toISOString()}`],
    ['an unparsable date', '?date=31%2F03%2F2026'],
  ])('refuses %s (400 validation_failed)', async (_name, query) => {
    const res = await inv.request('GET', `/stock/variant/var_s/as-of${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});

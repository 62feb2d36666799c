import { inventoryClient, serviceSigner } from '@stockyard/contracts';
import { TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

describe('POST /internal/v1/stock/on-hand', () => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await startInventory('org_on_hand');
    // The catalog variants this file creates stock for.
    await inv.variants('var_oh1', 'var_oh2');
  });
  afterAll(() => inv.close());

  it('answers on hand, reserved and available per variant over all warehouses, zeros when unknown', async () => {
    const a = await inv.warehouse('A');
    const b = await inv.warehouse('B');
    await inv.adjust('var_oh1', a, 5);
    await inv.adjust('var_oh1', b, 2);
    await inv.internal('/stock/reserve', { operationKey: 'hold-1', variantId: 'var_oh1', warehouseId: a, quantity: 3 });
    const res = await inv.internal('/stock/on-hand', { variantIds: ['var_oh1', 'var_never'] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { variantId: 'var_oh1', onHand: 7, reserved: 3, available: 4 },
      { variantId: 'var_never', onHand: 0, reserved: 0, available: 0 },
    ]);
  });

  it('is what the typed client in contracts reads; another organization sees zeros', async () => {
    const wh = await inv.warehouse('C');
    await inv.adjust('var_oh2', wh, 9);
    const client = inventoryClient({ baseUrl: inv.url, sign: serviceSigner('catalog', TEST_IDENTITY_SECRET) });
    expect(await client.stockOnHand('org_on_hand', ['var_oh2'])).toEqual([
      { variantId: 'var_oh2', onHand: 9, reserved: 0, available: 9 },
    ]);
    expect((await client.stockOnHand('org_someone_else', ['var_oh2']))[0]!.onHand).toBe(0);
  });

  it('refuses an empty list (400 validation_failed)', async () => {
    const res = await inv.internal('/stock/on-hand', { variantIds: [] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});

import { inventoryClient, serviceSigner, type ReorderLevel, type ReorderLevelsQuery } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import { eventually, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_reorder';
const OTHER = 'org_reorder_other';

/**
 * var_ro1: A holds 10 Unassigned (min 5) and 4 in bin A1 (min 2, max 20), 2 held; B holds 3, no reorder point.
 * var_ro2: max 8 at B (nothing on hand), min 1 at A. var_ro3: stock at A, no reorder point.
 * var_ro4: min 4 at C, a warehouse then deleted. OTHER has var_ro1 with a reorder point of its own.
 */
describe('POST /internal/v1/stock/reorder-levels', () => {
  let inv: Inventory;
  let A: string;
  let B: string;
  let C: string;
  let bin: string;
  const level = ({ variantId, warehouseId, ...body }: Record<string, unknown>) =>
    inv.request('PATCH', `/stock/items/${String(variantId)}/${String(warehouseId)}`, body);
  const client = () => inventoryClient({ baseUrl: inv.url, sign: serviceSigner('purchasing', TEST_IDENTITY_SECRET) });
  const read = (query: ReorderLevelsQuery = {}, orgId = ORG) => client().reorderLevels(orgId, query);
  const pairs = (rows: ReorderLevel[]) => rows.map((r) => `${r.variantId}@${r.warehouseId}`);
  /** Every page from the first, following `next`. */
  const allPages = async (query: ReorderLevelsQuery) => {
    const pages: ReorderLevel[][] = [];
    let after: string | undefined;
    do {
      const page = await read({ ...query, after });
      expect(page.data.length).toBeLessThanOrEqual(query.limit ?? 500);
      pages.push(page.data);
      after = page.next ?? undefined;
    } while (after !== undefined && pages.length < 20);
    return pages;
  };

  beforeAll(async () => {
    inv = await startInventory(ORG);
    await inv.variants('var_ro1', 'var_ro2', 'var_ro3', 'var_ro4');
    [A, B, C] = [await inv.warehouse('Reorder A'), await inv.warehouse('Reorder B'), await inv.warehouse('Reorder C')];
    bin = await inv.bin(A, 'A1');
    await inv.adjust('var_ro1', A, 10);
    await inv.adjust('var_ro1', A, 4, bin);
    await inv.adjust('var_ro1', B, 3);
    await inv.adjust('var_ro3', A, 6);
    const set = async (body: Record<string, unknown>) => expect((await level(body)).status).toBe(200);
    await set({ variantId: 'var_ro1', warehouseId: A, minQuantity: 5 });
    await set({ variantId: 'var_ro1', warehouseId: A, binId: bin, minQuantity: 2, maxQuantity: 20 });
    await set({ variantId: 'var_ro2', warehouseId: B, maxQuantity: 8 });
    await set({ variantId: 'var_ro2', warehouseId: A, minQuantity: 1 });
    await set({ variantId: 'var_ro4', warehouseId: C, minQuantity: 4 });
    expect((await inv.request('DELETE', `/warehouses/${C}`)).status).toBe(204);
    const hold = { operationKey: 'ro:hold', variantId: 'var_ro1', warehouseId: A, quantity: 2 };
    expect((await inv.internal('/stock/reserve', hold)).status).toBe(201);

    // The other organization's variant of the same id, as the catalog would publish it.
    const updatedAt = new Date().toISOString();
    await inv.publish(
      newEvent('variant.upserted', { orgId: OTHER, variantId: 'var_ro1', sku: 'X', name: 'x', updatedAt }),
    );
    const theirWh = (await inv.request('POST', '/warehouses', { name: 'Theirs' }, { orgId: OTHER })).body.id;
    const theirs = () => inv.request('PATCH', `/stock/items/var_ro1/${theirWh}`, { minQuantity: 9 }, { orgId: OTHER });
    await eventually(async () => ((await theirs()).status === 200 ? true : undefined));
  });
  afterAll(() => inv.close());

  it("answers each pair with a reorder point, in (variant, warehouse) order, with the warehouse's sums", async () => {
    const page = await read();
    expect(page.next).toBeNull();
    expect(page.data).toEqual(
      [
        {
          variantId: 'var_ro1',
          warehouseId: A,
          onHand: 14,
          reserved: 2,
          available: 12,
          minQuantity: 7,
          maxQuantity: 20,
        },
        {
          variantId: 'var_ro2',
          warehouseId: A,
          onHand: 0,
          reserved: 0,
          available: 0,
          minQuantity: 1,
          maxQuantity: null,
        },
        {
          variantId: 'var_ro2',
          warehouseId: B,
          onHand: 0,
          reserved: 0,
          available: 0,
          minQuantity: null,
          maxQuantity: 8,
        },
      ].sort((x, y) => (x.variantId + x.warehouseId < y.variantId + y.warehouseId ? -1 : 1)),
    );
  });

  it('pages with `next` and `after`, within a variant too, to the same pairs', async () => {
    const whole = pairs((await read()).data);
    for (const limit of [1, 2]) {
      const pages = await allPages({ limit });
      expect(pages.flatMap(pairs)).toEqual(whole);
    }
  });

  it('narrows to one warehouse', async () => {
    expect(pairs((await read({ warehouseId: B })).data)).toEqual([`var_ro2@${B}`]);
    expect((await read({ warehouseId: C })).data).toEqual([]); // deleted
  });

  it('narrows to some variants: their pairs with a stock row, with or without a reorder point', async () => {
    const page = await read({ variantIds: ['var_ro3', 'var_ro1', 'var_never'] });
    expect(pairs(page.data)).toEqual([`var_ro1@${A}`, `var_ro1@${B}`, `var_ro3@${A}`].sort());
    expect(page.data.find((r) => r.variantId === 'var_ro3')).toMatchObject({
      onHand: 6,
      minQuantity: null,
      maxQuantity: null,
    });
    expect(pairs((await read({ variantIds: ['var_ro1', 'var_ro3'], warehouseId: A })).data)).toEqual([
      `var_ro1@${A}`,
      `var_ro3@${A}`,
    ]);
    const paged = await allPages({ variantIds: ['var_ro1', 'var_ro3'], limit: 1 });
    expect(paged.flatMap(pairs)).toEqual(pairs(page.data));
  });

  it("leaves out another organization's pairs, and a pair once its reorder point is cleared", async () => {
    const theirs = await read({}, OTHER);
    expect(theirs.data).toEqual([expect.objectContaining({ variantId: 'var_ro1', minQuantity: 9 })]);
    expect((await read({ warehouseId: theirs.data[0]!.warehouseId })).data).toEqual([]);

    expect((await level({ variantId: 'var_ro2', warehouseId: A, minQuantity: null })).status).toBe(200);
    expect(pairs((await read()).data)).not.toContain(`var_ro2@${A}`);
    expect((await level({ variantId: 'var_ro2', warehouseId: A, minQuantity: 1 })).status).toBe(200);
    expect(pairs((await read()).data)).toContain(`var_ro2@${A}`);
  });

  it('refuses a bad body with 400 validation_failed', async () => {
    for (const body of [
      { limit: 0 },
      { limit: 501 },
      { variantIds: [] },
      { warehouseId: '../x' },
      { after: 'no-slash' },
      { after: 'a/b/c' },
      { after: 'bad id/wh_1' },
      { extra: true },
    ]) {
      const res = await inv.internal('/stock/reorder-levels', body);
      expect({ body, status: res.status, code: res.body.error?.code }).toEqual({
        body,
        status: 400,
        code: 'validation_failed',
      });
    }
  });

  it('finds the reorder points of levels written before they were indexed (the start-up pass)', async () => {
    await inv.connection.collection('stock_levels').insertOne({
      _id: `${ORG}:var_ro0`,
      orgId: ORG,
      variantId: 'var_ro0',
      locations: [{ warehouseId: B, binId: null, onHand: 1, minQuantity: 3, maxQuantity: null }],
      reserved: 0,
    } as never);
    expect(pairs((await read()).data)).not.toContain(`var_ro0@${B}`);
    await inv.connection.collection('inventory_passes').deleteMany({});
    const restarted = await inv.replica();
    try {
      const page = await inventoryClient({
        baseUrl: restarted.url,
        sign: serviceSigner('purchasing', TEST_IDENTITY_SECRET),
      }).reorderLevels(ORG, { limit: 1 });
      expect(page.data).toEqual([
        {
          variantId: 'var_ro0',
          warehouseId: B,
          onHand: 1,
          reserved: 0,
          available: 1,
          minQuantity: 3,
          maxQuantity: null,
        },
      ]);
    } finally {
      await restarted.close();
    }
  });
});

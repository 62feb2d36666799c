import { EXPORT_SOURCES } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import { eventually, exportRowsOf } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_inv_export';
const OTHER = 'org_inv_export_other';

type Row = Record<string, unknown> & { variantId: string; warehouseId: string };
type Movement = Row & { id: string; type: string; createdAt: string };

describe('POST /internal/v1/export-rows/inventory (stock levels and movements)', () => {
  let inv: Inventory;
  let wh: string;
  let wh2: string;
  let theirs: string;
  const pages = exportRowsOf(() => inv, 'inventory');
  const rowsPage = (body: Record<string, unknown>, orgId = ORG) =>
    pages.page({ resource: 'stock_levels', ...body }, orgId);
  /** Every page from the first, as the exports' worker reads them. */
  const readAll = <R extends Row>(resource: string, filters: Record<string, unknown>, limit = 2, orgId = ORG) =>
    pages.readAll<R>(resource, filters, limit, orgId);
  const levels = (filters: Record<string, unknown> = {}, limit = 2) => readAll<Row>('stock_levels', filters, limit);
  const movements = (filters: Record<string, unknown> = {}, limit = 2) =>
    readAll<Movement>('stock_movements', filters, limit);
  const places = (rows: Row[]) => rows.map((r) => `${r.variantId}@${r.warehouseId === wh ? 'wh' : 'wh2'}`);
  /** The warehouse listing's rows (its default: no empty rows). */
  const listed = async (warehouseId: string): Promise<Row[]> =>
    (await inv.request('GET', `/warehouses/${warehouseId}/stock?limit=100`)).body.data;

  beforeAll(async () => {
    inv = await startInventory(ORG);
    await inv.variants('var_e1', 'var_e2', 'var_e3', 'var_e4');
    wh = await inv.warehouse('Export');
    wh2 = await inv.warehouse('Export 2');
    const bin = await inv.bin(wh, 'E-1');
    // Levels in this order: e1 in both warehouses (a bin in the first), e2 moved in part to the
    // second, e3 back to nothing (a level without rows), e4 with a hold in the second.
    await inv.adjust('var_e1', wh, 5);
    await inv.adjust('var_e1', wh, 2, bin);
    await inv.adjust('var_e1', wh2, 1);
    await inv.adjust('var_e2', wh, 9);
    await inv.adjust('var_e3', wh, 4);
    await inv.adjust('var_e3', wh, -4);
    await inv.adjust('var_e4', wh2, 3);
    const moved = { variantId: 'var_e2', fromWarehouseId: wh, toWarehouseId: wh2, quantity: 2 };
    expect((await inv.request('POST', '/stock/transfer', moved)).status).toBe(201);
    const hold = { operationKey: 'ord_e4:hold', variantId: 'var_e4', warehouseId: wh2, quantity: 1 };
    expect((await inv.internal('/stock/reserve', hold)).status).toBe(201);
    // Another organization's stock, of a variant of the same id.
    await inv.publish(
      newEvent('variant.upserted', {
        orgId: OTHER,
        variantId: 'var_e1',
        sku: 'THEIRS',
        name: 'Theirs',
        updatedAt: new Date().toISOString(),
      }),
    );
    await eventually(async () =>
      (await inv.connection.collection('variants').countDocuments({ orgId: OTHER })) === 1 ? true : undefined,
    );
    theirs = (await inv.request('POST', '/warehouses', { name: 'Theirs' }, { orgId: OTHER })).body.id;
    const adjust = { variantId: 'var_e1', warehouseId: theirs, binId: null, quantity: 6, reason: 'setup' };
    expect((await inv.request('POST', '/stock/adjust', adjust, { orgId: OTHER })).status).toBe(201);
  }, 60_000);
  afterAll(() => inv.close());

  describe('stock_levels', () => {
    it('pages by level document oldest first: each level’s rows by warehouse, every row once', async () => {
      const { rows, pages } = await levels();
      expect(pages).toBe(2); // four levels, two a page: the rows of a page are its levels'
      const byWarehouseId = (v: string) => [wh, wh2].sort().map((w) => `${v}@${w === wh ? 'wh' : 'wh2'}`);
      expect(places(rows)).toEqual([...byWarehouseId('var_e1'), ...byWarehouseId('var_e2'), 'var_e4@wh2']);
      expect(places((await levels({}, 1000)).rows)).toEqual(places(rows));
    });

    it('answers each row as the warehouse listing does, with the warehouse’s id', async () => {
      const { rows } = await levels();
      const list = [...(await listed(wh)), ...(await listed(wh2))];
      expect(rows).toHaveLength(list.length);
      for (const row of rows) {
        expect(EXPORT_SOURCES.stock_levels.record.strict().parse(row)).toEqual(row);
        expect(row).toEqual(list.find((r) => r.variantId === row.variantId && r.warehouseId === row.warehouseId));
      }
      const e1 = rows.find((r) => r.variantId === 'var_e1' && r.warehouseId === wh);
      expect(e1).toMatchObject({ sku: 'VAR_E1', onHand: 7, bins: [{ binId: null, onHand: 5 }, { binName: 'E-1' }] });
      expect(rows.find((r) => r.variantId === 'var_e4')).toMatchObject({ onHand: 3, reserved: 1, available: 2 });
    });

    it('filters by warehouse (through the level-place index) and by variant, as the listing’s rows', async () => {
      expect((await levels({ warehouseId: wh })).rows).toEqual(
        (await listed(wh)).sort((a, b) => a.variantId.localeCompare(b.variantId)),
      );
      expect(places((await levels({ warehouseId: wh2 })).rows)).toEqual(['var_e1@wh2', 'var_e2@wh2', 'var_e4@wh2']);
      expect(places((await levels({ variantId: 'var_e2' })).rows)).toEqual(places((await levels()).rows).slice(2, 4));
      expect(places((await levels({ variantId: 'var_e1', warehouseId: wh2 })).rows)).toEqual(['var_e1@wh2']);
      expect((await levels({ variantId: 'var_e3' })).rows).toEqual([]); // stocked once, empty now: no row
    });

    it('leaves out another organization’s levels, and reads only its own for it', async () => {
      const { rows } = await levels({}, 1000);
      expect(rows.map((r) => r.warehouseId)).not.toContain(theirs);
      expect((await levels({ warehouseId: theirs })).rows).toEqual([]);
      const other = await readAll<Row>('stock_levels', {}, 1000, OTHER);
      expect(other.rows).toEqual([expect.objectContaining({ variantId: 'var_e1', warehouseId: theirs, onHand: 6 })]);
    });
  });

  describe('stock_movements', () => {
    it('pages oldest first, every movement once, in a stable order', async () => {
      const { rows, pages } = await movements();
      expect(rows).toHaveLength(9);
      expect(pages).toBe(5);
      expect(new Set(rows.map((r) => r.id)).size).toBe(9);
      expect(rows.map((r) => r.createdAt)).toEqual(rows.map((r) => r.createdAt).sort());
      expect((await movements({}, 1000)).rows).toEqual(rows);
    });

    it('answers each row as GET /stock/movements does, the same rows in the reverse order', async () => {
      const { rows } = await movements();
      const list = (await inv.request('GET', '/stock/movements?limit=100')).body.data as Movement[];
      expect(rows).toEqual([...list].reverse());
      for (const row of rows) expect(EXPORT_SOURCES.stock_movements.record.strict().parse(row)).toEqual(row);
    });

    it('filters by variant, warehouse and type as the list does', async () => {
      const cases: Record<string, string>[] = [
        { variantId: 'var_e1' },
        { warehouseId: wh2 },
        { type: 'TRANSFER_OUT' },
        { variantId: 'var_e2', warehouseId: wh2, type: 'TRANSFER_IN' },
        { type: 'SALE' },
      ];
      const counts: number[] = [];
      for (const filters of cases) {
        const { rows } = await movements(filters);
        const list = await inv.request('GET', `/stock/movements?limit=100&${new URLSearchParams(filters).toString()}`);
        expect(rows).toEqual([...(list.body.data as Movement[])].reverse());
        counts.push(rows.length);
      }
      expect(counts).toEqual([3, 3, 1, 1, 0]);
    });

    it('leaves out another organization’s movements', async () => {
      const { rows } = await movements({}, 1000);
      expect(rows.map((r) => r.warehouseId)).not.toContain(theirs);
      const other = await readAll<Movement>('stock_movements', {}, 1000, OTHER);
      expect(other.rows.map((r) => [r.warehouseId, r.quantity])).toEqual([[theirs, 6]]);
    });
  });

  it('refuses a filter the list does not take with 400 validation_failed', async () => {
    const refused = [
      { resource: 'stock_levels', filters: { includeEmpty: 'true' } },
      { resource: 'stock_levels', filters: { warehouseId: 'not an id' } },
      { resource: 'stock_movements', filters: { type: 'THEFT' } },
      { resource: 'stock_movements', filters: { startingAfter: 'abc' } },
      { resource: 'stock_movements', filters: { includeTotal: 'true' } },
    ];
    for (const body of refused) {
      const res = await rowsPage(body);
      expect([body, res.status, res.body.error.code]).toEqual([body, 400, 'validation_failed']);
    }
  });

  it('refuses a cursor it did not give with 400 naming `after`', async () => {
    for (const resource of ['stock_levels', 'stock_movements']) {
      const res = await rowsPage({ resource, after: 'bm90LWEtY3Vyc29y' });
      expect([res.status, res.body.error.code]).toEqual([400, 'validation_failed']);
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'after' })]);
    }
  });

  it('answers 404 for a resource another service keeps', async () => {
    for (const resource of ['orders', 'products']) expect((await rowsPage({ resource })).status).toBe(404);
  });
});

/**
 * `all` and a range take one page per call (BULK_PAGE_PRODUCTS, lowered to 3 here so the data
 * stays small): the answer says how many remain and where the next call goes on.
 */
import { startCatalog, type Catalog } from './support/catalog';

const PAGE = 3;
const ALL = { all: true, confirm: 'DELETE_ALL_PRODUCTS' };

describe('DELETE /products/bulk and POST /products/bulk-restore, a page per call', () => {
  const started: Catalog[] = [];
  const catalog = async (orgId: string) => {
    const c = await startCatalog(orgId, { env: { BULK_PAGE_PRODUCTS: String(PAGE) } });
    started.push(c);
    return c;
  };
  afterAll(() => Promise.all(started.map((c) => c.close())));

  const total = async (c: Catalog, path: string) => (await c.request('GET', `${path}?limit=1`)).body.total as number;
  const products = (c: Catalog, n: number, sku: (i: number) => string | undefined = () => undefined) =>
    Promise.all(Array.from({ length: n }, (_, i) => c.product({ ...(sku(i) ? { sku: sku(i) } : {}) })));

  it('trashes all in pages: the first call takes the bound, the second finishes, a third changes nothing', async () => {
    const c = await catalog('org_bulk_pages_delete');
    const made = await products(c, 5);
    const first = await c.request('DELETE', '/products/bulk', ALL);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ dryRun: false, count: PAGE, failed: [], remaining: 2 });
    expect(first.body.ids).toEqual([...first.body.ids].sort());
    expect(first.body.next).toBe(first.body.ids[PAGE - 1]);
    expect(await total(c, '/products')).toBe(2);

    const second = await c.request('DELETE', '/products/bulk', ALL);
    expect(second.body).toMatchObject({ count: 2, failed: [], remaining: 0, next: null });
    expect([...first.body.ids, ...second.body.ids].sort()).toEqual(made.map((p) => p.id).sort());
    expect(await total(c, '/products')).toBe(0);

    const third = await c.request('DELETE', '/products/bulk', ALL);
    expect(third.body).toMatchObject({ count: 0, ids: [], failed: [], remaining: 0, next: null });
    expect(await total(c, '/products/trash')).toBe(5);
  });

  it('a dry run of all goes on from `next` given back as `startingAfter`, trashing nothing', async () => {
    const c = await catalog('org_bulk_pages_dry');
    const made = await products(c, 4);
    const first = await c.request('DELETE', '/products/bulk', { ...ALL, dryRun: true });
    expect(first.body).toMatchObject({ dryRun: true, count: PAGE, remaining: 1 });
    const again = await c.request('DELETE', '/products/bulk', { ...ALL, dryRun: true });
    expect(again.body.ids).toEqual(first.body.ids);
    const second = await c.request('DELETE', '/products/bulk', {
      ...ALL,
      dryRun: true,
      startingAfter: first.body.next,
    });
    expect(second.body).toMatchObject({ dryRun: true, count: 1, remaining: 0, next: null });
    expect([...first.body.ids, ...second.body.ids]).toEqual(made.map((p) => p.id).sort());
    expect(await total(c, '/products')).toBe(4);
  });

  it('restores all in pages, going past a product whose SKU was taken with the cursor', async () => {
    const c = await catalog('org_bulk_pages_restore');
    const made = await products(c, 5, (i) => `PG-${i}`);
    for (const p of made) {
      await c.request('DELETE', `/products/${p.id}`); // trashed one after another: the trash's order
      await new Promise((r) => setTimeout(r, 2));
    }
    await c.product({ sku: 'PG-0' }); // takes the first one's SKU while it is in the trash

    const first = await c.request('POST', '/products/bulk-restore', { all: true });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 2, ids: [made[1].id, made[2].id], remaining: 2 });
    expect(first.body.failed).toEqual([expect.objectContaining({ id: made[0].id, code: 'sku_taken' })]);
    expect(typeof first.body.next).toBe('string');
    expect(await total(c, '/products/trash')).toBe(3);

    const second = await c.request('POST', '/products/bulk-restore', { all: true, startingAfter: first.body.next });
    expect(second.body).toMatchObject({
      count: 2,
      ids: [made[3].id, made[4].id],
      failed: [],
      remaining: 0,
      next: null,
    });
    expect(await total(c, '/products/trash')).toBe(1);

    const third = await c.request('POST', '/products/bulk-restore', { all: true });
    expect(third.body).toMatchObject({ count: 0, ids: [], remaining: 0, next: null });
    expect(third.body.failed).toEqual([expect.objectContaining({ id: made[0].id, code: 'sku_taken' })]);
    expect(await total(c, '/products/trash')).toBe(1);
  });

  it('restores a trashing range in pages and leaves what was trashed outside it', async () => {
    const c = await catalog('org_bulk_pages_range');
    const [outside, ...inside] = await products(c, 6);
    await c.request('DELETE', '/products/bulk', { ids: [outside.id] });
    await new Promise((r) => setTimeout(r, 20));
    const after = new Date().toISOString();
    await c.request('DELETE', '/products/bulk', { ids: inside.map((p) => p.id) }); // one instant: ties on deletedAt
    const before = new Date().toISOString();
    const first = await c.request('POST', '/products/bulk-restore', { after, before });
    expect(first.body).toMatchObject({ count: PAGE, failed: [], remaining: 2 });
    const second = await c.request('POST', '/products/bulk-restore', { after, before, startingAfter: first.body.next });
    expect(second.body).toMatchObject({ count: 2, failed: [], remaining: 0, next: null });
    expect([...first.body.ids, ...second.body.ids].sort()).toEqual(inside.map((p) => p.id).sort());
    const trash = await c.request('GET', '/products/trash');
    expect(trash.body.data.map((p: { id: string }) => p.id)).toEqual([outside.id]);
  });

  it('refuses a `startingAfter` no restore gave (400 validation_failed)', async () => {
    const c = await catalog('org_bulk_pages_cursor');
    const res = await c.request('POST', '/products/bulk-restore', { all: true, startingAfter: 'prd_nope' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', details: [{ field: 'startingAfter' }] });
  });
});

import { eventually } from '@stockyard/testkit';
import { newEvent } from '@stockyard/service-kit';
import { newProduct } from '../src/domain/product-create';
import { VARIANT_LIST_CHANGED } from '../src/domain/variant-list';
import { productModel } from '../src/store/product.model';
import { VariantList } from '../src/store/variant-list';
import { startCatalog, type Catalog } from './support/catalog';

interface Row {
  id: string;
  productId: string;
  sku: string;
}
interface Page {
  data: Row[];
  total: number;
  limit: number;
  offset: number;
  next: string | null;
}

/**
 * GET /variants reads a page of the variant list (`variant_list`, kept from each product's
 * outbox) and then only that page's products: offset and cursor pages, the same order as
 * before (products by creation, then position), fresh as soon as a write answers.
 */
describe('GET /variants: the variant list', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_variant_list');
  });
  afterAll(() => c.close());

  const get = async (query: string): Promise<Page> => {
    const res = await c.request('GET', `/variants${query}`);
    if (res.status !== 200) throw new Error(`GET /variants${query}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Page;
  };
  const skus = (page: Page) => page.data.map((v) => v.sku);
  const rowsOf = (productId: string) =>
    c.connection.collection('variant_list').find({ orgId: 'org_variant_list', productId }).toArray();

  /** Every page by cursor, `limit` at a time. */
  const byCursor = async (query: string, limit: number) => {
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const sep = query ? '&' : '?';
      const page: Page = await get(`${query}${sep}limit=${limit}${next ? `&startingAfter=${next}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(limit);
      seen.push(...skus(page));
      next = page.next;
      pages++;
    } while (next !== null && pages < 100);
    return { seen, pages };
  };

  it('pages by offset and by cursor in product creation, then position order', async () => {
    const a = await c.product({ name: 'Alpha', sku: 'VL-A' });
    await c.request('POST', `/products/${a.id}/variants`, { sku: 'VL-A3', position: 3 });
    await c.request('POST', `/products/${a.id}/variants`, { sku: 'VL-A1', position: 1 });
    await c.product({ type: 'FAMILY', name: 'No variants' });
    const b = await c.product({ name: 'Beta', sku: 'VL-B' });
    await c.request('POST', `/products/${b.id}/variants`, { sku: 'VL-B1' });
    await c.product({ name: 'Gamma', sku: 'VL-C' });
    const expected = ['VL-A', 'VL-A1', 'VL-A3', 'VL-B', 'VL-B1', 'VL-C'];

    const all = await get('?limit=200');
    expect(skus(all)).toEqual(expected);
    expect(all.total).toBe(6);
    expect(all.next).toBeNull();

    const offsets: string[] = [];
    for (let offset = 0; offset < 8; offset += 4) {
      const page = await get(`?limit=4&offset=${offset}`);
      expect(page.total).toBe(6);
      offsets.push(...skus(page));
    }
    expect(offsets).toEqual(expected);

    const cursor = await byCursor('', 4);
    expect(cursor).toEqual({ seen: expected, pages: 2 });
    expect((await byCursor('', 1)).seen).toEqual(expected);
    expect((await byCursor(`?productId=${a.id}`, 2)).seen).toEqual(['VL-A', 'VL-A1', 'VL-A3']);
    // The filters read candidates in memory, paged the same way.
    expect((await byCursor('?search=vl-a', 2)).seen).toEqual(['VL-A', 'VL-A1', 'VL-A3']);
    expect(skus(await get('?sku=vl-b1'))).toEqual(['VL-B1']);
  });

  it('refuses a cursor with an offset, and one it did not give (400)', async () => {
    const first = await get('?limit=1');
    expect(first.next).toEqual(expect.any(String));
    const both = await c.request('GET', `/variants?limit=1&offset=1&startingAfter=${first.next}`);
    expect(both.status).toBe(400);
    expect(both.body.error.code).toBe('validation_failed');
    const forged = await c.request('GET', '/variants?startingAfter=bm90LWEtY3Vyc29y');
    expect(forged.status).toBe(400);
    expect(forged.body.error.details[0].field).toBe('startingAfter');
  });

  it('follows every write before it answers: new, moved and deleted variants, trash and restore', async () => {
    const p = await c.product({ name: 'Fresh', sku: 'VF-1' });
    const q = `?productId=${p.id}`;
    const added = (await c.request('POST', `/products/${p.id}/variants`, { sku: 'VF-2' })).body;
    expect(skus(await get(q))).toEqual(['VF-1', 'VF-2']);
    await c.request('PATCH', `/variants/${added.id}`, { position: 0 });
    await c.request('PATCH', `/variants/${c.variantOf(p)}`, { position: 5 });
    expect(skus(await get(q))).toEqual(['VF-2', 'VF-1']);
    const before = (await get('')).total;
    expect((await c.request('DELETE', `/variants/${added.id}`)).status).toBe(204);
    expect(skus(await get(q))).toEqual(['VF-1']);
    expect((await get('')).total).toBe(before - 1);
    expect((await c.request('DELETE', `/products/${p.id}`)).status).toBe(204);
    expect(await get(q)).toMatchObject({ data: [], total: 0 });
    expect(await rowsOf(p.id)).toHaveLength(0);
    expect((await get('')).total).toBe(before - 2);
    expect((await c.request('POST', `/products/${p.id}/restore`)).status).toBe(201);
    expect(skus(await get(q))).toEqual(['VF-1']);
    expect(await rowsOf(p.id)).toHaveLength(1);
  });

  it('lists what the variant list holds: a row taken out of it is not listed', async () => {
    const p = await c.product({ name: 'Indexed', sku: 'VI-1' });
    expect(skus(await get(`?productId=${p.id}`))).toEqual(['VI-1']);
    await c.connection.collection('variant_list').deleteMany({ productId: p.id });
    expect(skus(await get(`?productId=${p.id}`))).toEqual([]);
  });

  it("a new product's update replayed after a crash takes the creation instant from the product", async () => {
    const p = await c.product({ name: 'Replayed', sku: 'VR-1' });
    const [row] = await rowsOf(p.id);
    expect(row!.at).toEqual(new Date(p.createdAt));
    await c.connection.collection('variant_list').deleteMany({ productId: p.id });
    const list = new VariantList(c.connection, productModel(c.connection));
    const rows = [{ variantId: c.variantOf(p), position: 0 }];
    const payload = { orgId: 'org_variant_list', productId: p.id, version: 1, createdAt: null, rows };
    await list.apply([newEvent(VARIANT_LIST_CHANGED, payload)]);
    const [again] = await rowsOf(p.id);
    expect(again).toMatchObject({ variantId: c.variantOf(p), at: new Date(p.createdAt), version: 1 });
    // An older update replayed after a newer one changes nothing.
    await c.request('POST', `/products/${p.id}/variants`, { sku: 'VR-2' });
    await list.apply([newEvent(VARIANT_LIST_CHANGED, { ...payload, createdAt: p.createdAt })]);
    expect(skus(await get(`?productId=${p.id}`))).toEqual(['VR-1', 'VR-2']);
  });

  it('fills the list for products an older database holds, once', async () => {
    const when = new Date();
    const old = newProduct(
      'org_variant_list',
      { type: 'SIMPLE', name: 'Legacy' },
      'VL-LEGACY',
      {
        productId: 'prd_vl_legacy',
        variantId: 'var_vl_legacy',
      },
      when,
    );
    const { id, ...fields } = old;
    await c.connection
      .collection('products')
      .insertOne({ ...fields, _id: id, version: 1, createdAt: when, updatedAt: when } as never);
    await c.connection.collection('variant_list_builds').deleteMany({});
    expect(skus(await get('?productId=prd_vl_legacy'))).toEqual([]);
    await c.replica(); // a new process on the same database
    await eventually(async () => ((await get('?productId=prd_vl_legacy')).data.length === 1 ? true : undefined));
    const builds = c.connection.collection('variant_list_builds');
    await eventually(async () =>
      (await builds.countDocuments({ _id: 'variant_list' as never })) === 1 ? true : undefined,
    );
  });
});

import type { Model } from 'mongoose';
import { VariantListQuerySchema } from '@stockyard/contracts';
import { stateOf } from '@stockyard/service-kit';
import { eventually } from '@stockyard/testkit';
import type { ProductState } from '../src/domain/product';
import { productModel } from '../src/store/product.model';
import { VariantList } from '../src/store/variant-list';
import { VariantSearch } from '../src/store/variant-search';
import { VariantQueries } from '../src/store/variant.queries';
import { startCatalog, type Catalog } from './support/catalog';

const ORG = 'org_variant_search';

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
 * GET /variants?search= costs about a page however many variants match: an exact total from
 * the variant search index's counts, the page's keys from it (or from a walk of the variant
 * list), then only the page's products. `?sku=` reads the one product its claim names.
 */
describe('GET /variants?search= and ?sku=', () => {
  let c: Catalog;
  /** Every variant of the organization in the list's order, by SKU. */
  let all: string[];
  beforeAll(async () => {
    c = await startCatalog(ORG);
    // Lamps with two variants each, every other one behind a product that is not a lamp.
    for (let i = 0; i < 14; i++) {
      const lamp = await c.product({ name: `Desk lamp ${i}`, sku: `LMP-${i}` });
      await c.request('POST', `/products/${lamp.id}/variants`, { sku: `LMP-${i}-B` });
      if (i % 2 === 0) await c.product({ name: `Chair ${i}`, sku: `CHR-${i}` });
    }
    // A variant with several terms starting with "lamp": one match, however many of its terms match.
    const many = await c.product({ name: 'Lamp Lampshade Lamplight', sku: 'LAMPS-1' });
    await c.request('PATCH', `/variants/${c.variantOf(many)}`, { name: 'Lamp kit', barcodes: ['LAMP-0001'] });
    // Last in the list: three products whose variants match "glow" through four terms each.
    for (let i = 0; i < 3; i++) {
      const glow = await c.product({ name: 'Glow Glowing Glowstick Glowworm', sku: `GLW-${i}` });
      await c.request('POST', `/products/${glow.id}/variants`, { sku: `GLW-${i}-B` });
    }
    all = (await get('?limit=200')).data.map((v) => v.sku);
  });
  afterAll(() => c.close());

  async function get(query: string): Promise<Page & { link: string | null }> {
    const res = await c.request('GET', `/variants${query}`);
    if (res.status !== 200) throw new Error(`GET /variants${query}: ${res.status} ${JSON.stringify(res.body)}`);
    return { ...(res.body as Page), link: res.headers.get('link') };
  }
  const skus = (page: Page) => page.data.map((v) => v.sku);
  const lamps = () => all.filter((sku) => sku.startsWith('LMP-') || sku === 'LAMPS-1');
  /** The products read by id while `work` runs: how many ids each read asked for. */
  async function productReads<T>(work: () => Promise<T>): Promise<{ result: T; reads: number[] }> {
    const model = c.connection.models.Product as Model<unknown>;
    const spy = jest.spyOn(model, 'find');
    try {
      const result = await work();
      const calls = spy.mock.calls as unknown as [unknown][];
      const reads = calls.map(([filter]) => ((filter as { _id?: { $in?: unknown[] } })._id?.$in ?? []).length);
      return { result, reads };
    } finally {
      spy.mockRestore();
    }
  }

  it('answers one page of many with its Link to the next; following the links walks every match in order', async () => {
    const expected = lamps();
    expect(expected).toHaveLength(29);
    const { result: first, reads } = await productReads(() => get('?search=lamp&limit=5'));
    expect(skus(first)).toEqual(expected.slice(0, 5));
    expect(first).toMatchObject({ total: 29, limit: 5, offset: 0, next: expect.any(String) });
    expect(first.link).toBe(`</api/v1/variants?search=lamp&limit=5&startingAfter=${first.next}>; rel="next"`);
    expect(reads).toEqual([3]); // the page's products only (two variants each), not the 15 that match
    const seen = [...skus(first)];
    let link = first.link;
    let pages = 1;
    while (link) {
      const path = /^<\/api\/v1\/variants([^>]*)>; rel="next"$/.exec(link)![1]!;
      const page = await get(path);
      expect(page.total).toBe(29);
      seen.push(...skus(page));
      link = page.link;
      pages++;
    }
    expect(seen).toEqual(expected);
    expect(pages).toBe(6);
  });

  it('pages by offset too (the last page has no next), and counts the same', async () => {
    const expected = lamps();
    const pages = await Promise.all([0, 10, 20].map((offset) => get(`?search=LAMP&limit=10&offset=${offset}`)));
    expect(pages.flatMap(skus)).toEqual(expected);
    expect(pages.map((p) => p.total)).toEqual([29, 29, 29]);
    expect(pages[2]!.next).toBeNull();
    expect(pages[2]!.link).toBeNull();
    expect(await get('?search=lamp&offset=40')).toMatchObject({ data: [], total: 29, next: null });
  });

  it('counts a variant once however many of its terms start with the search', async () => {
    const page = await get('?search=lamps');
    expect(skus(page)).toEqual(['LAMPS-1']);
    expect(page.total).toBe(1);
    expect(await get('?search=lamp-0001')).toMatchObject({ total: 1, data: [{ sku: 'LAMPS-1' }] });
    expect(await get('?search=amp')).toMatchObject({ total: 0, data: [] });
  });

  it('finds the same pages whichever way it reads them: the terms, a walk of the list, a walk given up', async () => {
    const list = new VariantList(c.connection, productModel(c.connection));
    const ways = {
      terms: new VariantQueries(productModel(c.connection), list),
      walk: new VariantQueries(productModel(c.connection), list, new VariantSearch(list, 0)),
    };
    const matching = jest.spyOn(list.search, 'matching');
    const page = (q: Record<string, string>) => {
      const { limit, offset, ...filter } = q;
      const parsed = VariantListQuerySchema.parse(filter);
      return { parsed, page: { limit: Number(limit ?? 50), offset: Number(offset ?? 0) } };
    };
    const queries: Record<string, string>[] = [
      { search: 'desk', limit: '4' },
      { search: 'desk', limit: '4', offset: '8' },
      { search: 'lamp', limit: '7' },
      { search: 'lamp kit', limit: '3' },
      { search: 'chair', limit: '2' },
      { search: 'glow', limit: '1' },
    ];
    for (const query of queries) {
      const { parsed, page: p } = page(query);
      const byTerms = await ways.terms.list(ORG, parsed, p);
      matching.mockClear();
      const byWalk = await ways.walk.list(ORG, parsed, p);
      expect({ query, skus: byWalk.data.map((v) => v.sku), total: byWalk.total, next: byWalk.next }).toEqual({
        query,
        skus: byTerms.data.map((v) => v.sku),
        total: byTerms.total,
        next: byTerms.next,
      });
      let next = byWalk.next;
      let terms = byTerms.next;
      while (next && terms) {
        const a = await ways.walk.list(ORG, { ...parsed, startingAfter: next }, { ...p, offset: 0 });
        const b = await ways.terms.list(ORG, { ...parsed, startingAfter: terms }, { ...p, offset: 0 });
        expect(a.data.map((v) => v.sku)).toEqual(b.data.map((v) => v.sku));
        [next, terms] = [a.next, b.next];
      }
      expect(next).toBe(terms);
    }
    // "desk" and "lamp" match lamps all along the list: a walk finds the page. "glow" matches
    // the last 6 of 42 variants through 24 terms: a walk looked cheaper (14 rows expected), read
    // twice that without finding the page, and the terms were read instead.
    matching.mockClear();
    await ways.walk.list(ORG, page({ search: 'desk' }).parsed, { limit: 4, offset: 0 });
    await ways.walk.list(ORG, page({ search: 'lamp' }).parsed, { limit: 2, offset: 0 });
    expect(matching).not.toHaveBeenCalled();
    await ways.walk.list(ORG, page({ search: 'glow' }).parsed, { limit: 1, offset: 0 });
    expect(matching).toHaveBeenCalledTimes(1);
    await ways.terms.list(ORG, page({ search: 'desk' }).parsed, { limit: 4, offset: 0 });
    expect(matching).toHaveBeenCalledTimes(2);
  });

  it('answers ?sku= exactly through its claim, reading the one product that holds it', async () => {
    const { result, reads } = await productReads(() => get('?sku=lmp-3-b'));
    expect(skus(result)).toEqual(['LMP-3-B']);
    expect(result).toMatchObject({ total: 1, next: null });
    expect(reads).toEqual([1]);
    // A SKU that starts every lamp's is no lamp's: nothing, and no product read.
    const prefix = await productReads(() => get('?sku=LMP-1'));
    expect(skus(prefix.result)).toEqual(['LMP-1']);
    const none = await productReads(() => get('?sku=LMP'));
    expect(none.result).toMatchObject({ data: [], total: 0 });
    expect(none.reads).toEqual([]);
  });

  it('combines ?sku= with productId and search, and forgets a trashed holder', async () => {
    const lamp = (await get('?sku=LMP-5')).data[0]!;
    expect(skus(await get(`?sku=LMP-5-b&productId=${lamp.productId}`))).toEqual(['LMP-5-B']);
    const chair = (await get('?sku=CHR-4')).data[0]!;
    expect(await get(`?sku=LMP-5-B&productId=${chair.productId}`)).toMatchObject({ data: [], total: 0 });
    expect(skus(await get('?sku=LMP-5-B&search=desk'))).toEqual(['LMP-5-B']);
    expect(await get('?sku=LMP-5-B&search=chair')).toMatchObject({ data: [], total: 0 });
    expect(skus(await get(`?search=desk&productId=${lamp.productId}`))).toEqual(['LMP-5', 'LMP-5-B']);
    expect((await c.request('DELETE', `/products/${chair.productId}`)).status).toBe(204);
    expect(await get('?sku=CHR-4')).toMatchObject({ data: [], total: 0 });
    expect(await get('?search=chair 4')).toMatchObject({ data: [], total: 0 });
  });

  it('follows writes before they answer: a rename, a new SKU and a removed variant', async () => {
    const vase = await c.product({ name: 'Vase', sku: 'VS-1' });
    expect(skus(await get('?search=vase'))).toEqual(['VS-1']);
    await c.request('PUT', `/products/${vase.id}`, { name: 'Urn' });
    expect(await get('?search=vase')).toMatchObject({ data: [], total: 0 });
    expect(skus(await get('?search=urn'))).toEqual(['VS-1']);
    const added = (await c.request('POST', `/products/${vase.id}/variants`, { sku: 'URN-TALL' })).body;
    expect(skus(await get('?search=urn-t'))).toEqual(['URN-TALL']);
    expect((await get('?search=urn')).total).toBe(2);
    await c.request('DELETE', `/variants/${added.id}`);
    expect(await get('?search=urn-t')).toMatchObject({ data: [], total: 0 });
    expect((await get('?search=urn')).total).toBe(1);
  });

  it('fills the search for a database whose variant list was built before it kept terms, once', async () => {
    const old = await c.product({ name: 'Heirloom clock', sku: 'HC-1' });
    const list = c.connection.collection('variant_list');
    await list.updateMany({ productId: old.id }, { $unset: { terms: '' } });
    await c.connection.collection('variant_search_terms').deleteMany({ productId: old.id });
    await c.connection.collection('variant_list_builds').deleteMany({ _id: 'variant_search_terms' as never });
    expect(await get('?search=heirloom')).toMatchObject({ data: [], total: 0 });
    await c.replica(); // a new process on the same database
    await eventually(async () => ((await get('?search=heirloom')).total === 1 ? true : undefined));
    expect(skus(await get('?search=clock'))).toEqual(['HC-1']);
    const builds = c.connection.collection('variant_list_builds');
    const recorded = { _id: { $in: ['variant_list', 'variant_search_terms'] } as never };
    await eventually(async () => ((await builds.countDocuments(recorded)) === 2 ? true : undefined));
  });

  it("rewrites only a changed variant's rows of a product of many, and a replay changes nothing", async () => {
    const rack = await c.product({ name: 'Wine rack', sku: 'WR-0' });
    const added: { id: string }[] = [];
    for (let i = 1; i < 12; i++)
      added.push((await c.request('POST', `/products/${rack.id}/variants`, { sku: `WR-${i}` })).body);
    const rows = c.connection.collection('variant_search_terms');
    const count = () => rows.countDocuments({ productId: rack.id });
    const before = await count();
    const model = c.connection.models.VariantSearchRow as Model<unknown>;
    const deletes = jest.spyOn(model, 'deleteMany');
    try {
      await c.request('PATCH', `/variants/${added[4]!.id}`, { sku: 'WR-FIVE' });
      const ids = (deletes.mock.calls as unknown as [{ _id: { $in: string[] } }][]).flatMap(([f]) => f._id.$in);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.every((id) => id.includes(added[4]!.id))).toBe(true);
    } finally {
      deletes.mockRestore();
    }
    expect(await count()).toBe(before);
    expect(skus(await get('?search=wr-five'))).toEqual(['WR-FIVE']);
    expect(await get('?search=wr-5')).toMatchObject({ data: [], total: 0 });
    // The same update again (a replay after a crash, under a new event id): the same rows.
    const product = (await c.request('GET', `/products/${rack.id}`)).body;
    const list = new VariantList(c.connection, productModel(c.connection));
    const doc = await c.connection.collection('products').findOne({ _id: rack.id as never });
    await list.reindex(stateOf<ProductState>(doc!));
    expect(await count()).toBe(before);
    expect((await get('?search=wr')).total).toBe(product.variants.length);
  });
});

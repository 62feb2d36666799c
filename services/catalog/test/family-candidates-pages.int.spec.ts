import { FAMILY_SCAN_LISTINGS } from '../src/commands/source-product-commands';
import { startChannels, type Channels } from './support/channels';

const ORG = 'org_family_pages';

interface Candidate {
  channelId: string;
  externalParentId: string;
  productIds: string[];
  suggestedName: string;
}

/**
 * GET /products/family-candidates answers a page of groups (by parent id, then channel) and
 * names the next one in its `Link` header: a call reads about a page of listings and their
 * products, however many listings the organization has.
 */
describe('GET /products/family-candidates, page by page', () => {
  let h: Channels;
  beforeAll(async () => {
    h = await startChannels(ORG);
  });
  afterAll(() => h.close());

  const get = async (query: string) => {
    const res = await h.request('GET', `/products/family-candidates${query}`);
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    const link = res.headers.get('link');
    const next = link ? /[?&]startingAfter=([^&>]+)/.exec(link)?.[1] : undefined;
    if (link)
      expect(link).toMatch(/^<\/[^>]*products\/family-candidates\?limit=\d+&startingAfter=[\w-]+>; rel="next"$/);
    return { data: res.body as Candidate[], next };
  };
  const all = async (limit: number) => {
    const seen: Candidate[] = [];
    let next: string | undefined;
    let calls = 0;
    do {
      const page = await get(`?limit=${limit}${next ? `&startingAfter=${next}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(limit);
      seen.push(...page.data);
      next = page.next;
      calls++;
    } while (next && calls < 50);
    return { seen, calls };
  };
  const key = (c: Candidate) => `${c.externalParentId}/${c.channelId}`;

  it('pages through the groups in parent, then channel order; a family made leaves them', async () => {
    const [one, two] = [await h.channel(), await h.channel()];
    const pairs: Record<string, string[]> = {};
    for (const parent of ['P5', 'P1', 'P3', 'P2', 'P4']) {
      const a = await h.product({ name: `Shirt ${parent} - S` });
      const b = await h.product({ name: `Shirt ${parent} - M` });
      pairs[parent] = [a.id, b.id];
      const lone = await h.product({ name: `Lone ${parent}` });
      const listings = [
        { productId: a.id, externalProductId: `${parent}-S`, externalParentId: parent },
        { productId: b.id, externalProductId: `${parent}-M`, externalParentId: parent },
        { productId: lone.id, externalProductId: `${parent}-L`, externalParentId: `${parent}-lone` },
      ];
      const channel = parent === 'P2' ? two : one;
      expect((await h.request('POST', `/channels/${channel.id}/listings`, { listings })).status).toBe(200);
    }
    const whole = await get('?limit=200');
    expect(whole.next).toBeUndefined();
    expect(whole.data.map(key)).toEqual([
      `P1/${one.id}`,
      `P2/${two.id}`,
      `P3/${one.id}`,
      `P4/${one.id}`,
      `P5/${one.id}`,
    ]);
    expect(whole.data[0]).toEqual({
      channelId: one.id,
      externalParentId: 'P1',
      productIds: [...pairs.P1!].sort(),
      suggestedName: 'Shirt P1',
    });
    for (const limit of [1, 2, 4]) {
      const paged = await all(limit);
      expect(paged.seen).toEqual(whole.data);
      expect(paged.calls).toBe(Math.ceil(5 / limit) + (5 % limit === 0 ? 1 : 0));
    }
    // P3's two become a family: the next call leaves their group out.
    const family = await h.request('POST', '/products/variant-parent', { name: 'Shirt P3', childIds: pairs.P3 });
    expect(family.status).toBe(201);
    expect((await get('?limit=200')).data.map((c) => c.externalParentId)).toEqual(['P1', 'P2', 'P4', 'P5']);
  });

  it('refuses a cursor it did not give (400)', async () => {
    const res = await h.request('GET', '/products/family-candidates?startingAfter=bm9wZQ');
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('startingAfter');
  });

  it('reads a bounded number of listings per call: a short page with a next link past that', async () => {
    const org = 'org_family_scan';
    const channelId = 'ch_scan';
    const at = new Date();
    // Single-product groups (no candidates) before a real pair, straight into the store.
    const rows = Array.from({ length: FAMILY_SCAN_LISTINGS + 1_000 }, (_, i) => ({
      _id: `lst_scan_${i}`,
      orgId: org,
      channelId,
      productId: `prd_scan_${i}`,
      variantId: null,
      externalProductId: `ext_${i}`,
      externalVariantId: null,
      externalParentId: `A${String(i).padStart(6, '0')}`,
      createdAt: at,
      updatedAt: at,
    }));
    await h.connection.collection('listings').insertMany(rows as never[]);
    const as = { orgId: org };
    const a = (await h.request('POST', '/products', { name: 'Pair - A' }, as)).body;
    const b = (await h.request('POST', '/products', { name: 'Pair - B' }, as)).body;
    const pair = [a, b].map((p: { id: string }, i) => ({
      _id: `lst_pair_${i}`,
      orgId: org,
      channelId,
      productId: p.id,
      variantId: null,
      externalProductId: `pair_${i}`,
      externalVariantId: null,
      externalParentId: 'B-PAIR',
      createdAt: at,
      updatedAt: at,
    }));
    await h.connection.collection('listings').insertMany(pair as never[]);
    const first = await h.request('GET', '/products/family-candidates', undefined, as);
    expect(first.status).toBe(200);
    expect(first.body).toEqual([]);
    const link = first.headers.get('link');
    expect(link).toEqual(expect.stringContaining('startingAfter='));
    const next = /startingAfter=([\w-]+)/.exec(link!)![1];
    const second = await h.request('GET', `/products/family-candidates?startingAfter=${next}`, undefined, as);
    expect(second.body.map((c: Candidate) => c.externalParentId)).toEqual(['B-PAIR']);
    expect(second.headers.get('link')).toBeNull();
  });
});

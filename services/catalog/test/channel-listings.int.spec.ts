import { startChannels, type Channels } from './support/channels';

const ORG = 'org_listings';

describe('/channels/{id}/listings', () => {
  let h: Channels;
  beforeAll(async () => {
    h = await startChannels(ORG);
  });
  afterAll(() => h.close());

  it('upserts listings by external ids, lists and deletes them', async () => {
    const product = await h.product({ name: 'Tee' });
    const variantId = product.variants[0].id;
    const channel = await h.channel();
    const path = `/channels/${channel.id}/listings`;
    const listing = { productId: product.id, variantId, externalProductId: 'P-1', externalVariantId: 'V-1' };
    const first = await h.request('POST', path, { listings: [listing] });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    expect(first.body.data[0]).toMatchObject({ ...listing, channelId: channel.id, externalParentId: null });
    const again = await h.request('POST', path, { listings: [{ ...listing, externalParentId: 'PARENT' }, listing] });
    expect(again.body).toMatchObject({ created: 0 });
    const list = await h.request('GET', path);
    expect(list.body).toMatchObject({ total: 1, limit: 50, offset: 0 });
    const id = list.body.data[0].id;
    expect((await h.request('DELETE', `${path}/${id}`)).status).toBe(204);
    expect((await h.request('GET', path)).body.total).toBe(0);
    expect((await h.request('DELETE', `${path}/${id}`)).status).toBe(404);
  });

  it('refuses listings of unknown products or variants (422 listing_target_not_found)', async () => {
    const channel = await h.channel();
    const product = await h.product({ name: 'Cap' });
    const res = await h.request('POST', `/channels/${channel.id}/listings`, {
      listings: [
        { productId: 'prd_unknown', externalProductId: 'A' },
        { productId: product.id, variantId: 'var_unknown', externalProductId: 'B' },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('listing_target_not_found');
    expect(res.body.error.details.map((d: { code: string }) => d.code)).toEqual([
      'product_not_found',
      'variant_not_found',
    ]);
  });

  it('filters GET /products by channelId on the listings', async () => {
    const listed = await h.product({ name: 'Listed mug' });
    await h.product({ name: 'Unlisted mug' });
    const channel = await h.channel();
    await h.request('POST', `/channels/${channel.id}/listings`, {
      listings: [{ productId: listed.id, externalProductId: 'M-1' }],
    });
    const res = await h.request('GET', `/products?channelId=${channel.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual([listed.id]);
  });

  it('finds family candidates: SIMPLE siblings under one parent listing, not in a family', async () => {
    const red = await h.product({ name: 'Runner - Red' });
    const blue = await h.product({ name: 'Runner - Blue' });
    const lone = await h.product({ name: 'Lone' });
    const channel = await h.channel();
    await h.request('POST', `/channels/${channel.id}/listings`, {
      listings: [
        { productId: red.id, externalProductId: 'R', externalParentId: 'RUNNER' },
        { productId: blue.id, externalProductId: 'B', externalParentId: 'RUNNER' },
        { productId: lone.id, externalProductId: 'L', externalParentId: 'LONE' },
      ],
    });
    const res = await h.request('GET', '/products/family-candidates');
    expect(res.status).toBe(200);
    expect(res.body.filter((g: { channelId: string }) => g.channelId === channel.id)).toEqual([
      {
        channelId: channel.id,
        externalParentId: 'RUNNER',
        productIds: [red.id, blue.id].sort(),
        suggestedName: 'Runner',
      },
    ]);
  });
});

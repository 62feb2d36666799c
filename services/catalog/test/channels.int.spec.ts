import { startService } from '@stockyard/testkit';
import { inventory } from '../../inventory/src/app';
import { startChannels, type Channels } from './support/channels';

const ORG = 'org_channels';
const FEED = 'http://127.0.0.1:9/orders';

describe('/channels', () => {
  let h: Channels;
  let inv: Awaited<ReturnType<typeof startService<never, never>>>;
  beforeAll(async () => {
    // A channel's warehouse is checked with inventory: wh_1 is a live warehouse of the organization there.
    inv = (await startService(inventory, { orgId: ORG })) as never;
    const now = new Date();
    await inv.connection.collection('warehouses').insertOne({
      _id: 'wh_1',
      orgId: ORG,
      name: 'Main',
      code: null,
      address: null,
      deletedAt: null,
      version: 1,
      createdAt: now,
      updatedAt: now,
    } as never);
    h = await startChannels(ORG, { env: { INVENTORY_URL: inv.url } });
  });
  afterAll(async () => {
    await h.close();
    await inv.close();
  });

  it('creates a channel of each platform; an HTTP_FEED one shows its feed secret once', async () => {
    const api = await h.channel({ name: 'Partner API', platform: 'API', warehouseId: 'wh_1' });
    expect(api).toMatchObject({ platform: 'API', warehouseId: 'wh_1', feedUrl: null, active: true, deletedAt: null });
    expect(api.id).toMatch(/^ch_/);
    expect(api.feedSecret).toBeUndefined();
    const feed = await h.channel({ name: 'Pull', platform: 'HTTP_FEED', feedUrl: FEED });
    expect(feed.feedSecret).toMatch(/^chfs_/);
    const read = await h.request('GET', `/channels/${feed.id}`);
    expect(read.body).toMatchObject({ feedUrl: FEED });
    expect(read.body.feedSecret).toBeUndefined();
    const rotated = await h.request('PATCH', `/channels/${feed.id}`, { rotateFeedSecret: true });
    expect(rotated.body.feedSecret).toMatch(/^chfs_/);
    expect(rotated.body.feedSecret).not.toBe(feed.feedSecret);
  });

  it.each([
    ['http://feeds.invalid/orders', 'feed_url_not_https'],
    ['https://127.0.0.2/orders', 'feed_url_private_address'],
    ['https://10.1.2.3/orders', 'feed_url_private_address'],
    ['https://orders.invalid/feed', 'feed_url_unresolvable'],
  ])('refuses the feed URL %s (422 %s)', async (feedUrl, code) => {
    const res = await h.request('POST', '/channels', { name: 'Pull', platform: 'HTTP_FEED', feedUrl });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe(code);
    const created = await h.channel({ name: 'Pull', platform: 'HTTP_FEED', feedUrl: FEED });
    const patched = await h.request('PATCH', `/channels/${created.id}`, { feedUrl });
    expect(patched.status).toBe(422);
    expect(patched.body.error.code).toBe(code);
  });

  it('needs a feedUrl for HTTP_FEED and refuses one elsewhere (400 validation_failed)', async () => {
    const missing = await h.request('POST', '/channels', { name: 'Pull', platform: 'HTTP_FEED' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('validation_failed');
    const extra = await h.request('POST', '/channels', { name: 'Shop', platform: 'STOREFRONT', feedUrl: FEED });
    expect(extra.status).toBe(400);
  });

  it('lists live channels, filters by platform, shows deleted ones on request', async () => {
    const gone = await h.channel({ name: 'Old', platform: 'STOREFRONT' });
    expect((await h.request('DELETE', `/channels/${gone.id}`)).status).toBe(204);
    const live = await h.request('GET', '/channels?platform=STOREFRONT');
    expect(live.body.data.map((c: { id: string }) => c.id)).not.toContain(gone.id);
    const all = await h.request('GET', '/channels?includeDeleted=true&limit=200');
    expect(all.body.data.find((c: { id: string }) => c.id === gone.id)).toMatchObject({ active: false });
    expect((await h.request('GET', `/channels/${gone.id}`)).body.deletedAt).not.toBeNull();
    const patch = await h.request('PATCH', `/channels/${gone.id}`, { name: 'x' });
    expect(patch.status).toBe(409);
    expect(patch.body.error.code).toBe('channel_deleted');
  });

  it('refuses to delete a channel with listings (409 channel_has_listings)', async () => {
    const product = await h.product({ name: 'Listed' });
    const channel = await h.channel();
    await h.request('POST', `/channels/${channel.id}/listings`, {
      listings: [{ productId: product.id, externalProductId: 'EXT-1' }],
    });
    const res = await h.request('DELETE', `/channels/${channel.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('channel_has_listings');
  });

  it("answers 404 for an unknown channel and another organization's", async () => {
    const channel = await h.channel();
    for (const [method, path] of [
      ['GET', `/channels/${channel.id}`],
      ['PATCH', `/channels/${channel.id}`],
      ['DELETE', `/channels/${channel.id}`],
      ['GET', `/channels/${channel.id}/listings`],
    ] as const) {
      const res = await h.request(method, path, method === 'PATCH' ? { name: 'x' } : undefined, { orgId: 'org_other' });
      expect(`${method} ${res.status} ${res.body.error.code}`).toBe(`${method} 404 resource_not_found`);
    }
    expect((await h.request('GET', '/channels/ch_unknown')).status).toBe(404);
  });
});

import { ANY_ORGANIZATION, catalogClient, serviceSigner } from '@stockyard/contracts';
import { TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { startChannels, type Channels } from './support/channels';

const ORG = 'org_channel_feeds';
const OTHER = 'org_channel_feeds_other';
const FEED = 'http://127.0.0.1:9/orders';

describe('the feed poller’s internal reads and reports (POST /internal/v1/channels/feeds, /feed-status)', () => {
  let h: Channels;
  beforeAll(async () => {
    h = await startChannels(ORG);
  });
  afterAll(() => h.close());
  const client = () => catalogClient({ baseUrl: h.url, sign: serviceSigner('orders', TEST_IDENTITY_SECRET) });

  it('lists the live HTTP_FEED channels of every organization with their secrets, a page at a time', async () => {
    const mine = await h.channel({ name: 'Feed A', platform: 'HTTP_FEED', feedUrl: FEED });
    const theirs = await h.request(
      'POST',
      '/channels',
      { name: 'Feed B', platform: 'HTTP_FEED', feedUrl: FEED },
      { orgId: OTHER },
    );
    const gone = await h.channel({ name: 'Feed C', platform: 'HTTP_FEED', feedUrl: FEED });
    expect((await h.request('DELETE', `/channels/${gone.id}`)).status).toBe(204);
    await h.channel({ name: 'Shop', platform: 'STOREFRONT' });

    const all = await client().feedChannels({});
    expect(all.next).toBeNull();
    expect(all.data.map((c) => c.id).sort()).toEqual([mine.id, theirs.body.id].sort());
    expect(all.data.find((c) => c.id === mine.id)).toEqual({
      id: mine.id,
      orgId: ORG,
      name: 'Feed A',
      platform: 'HTTP_FEED',
      active: true,
      warehouseId: null,
      feedUrl: FEED,
      feedSecret: mine.feedSecret,
    });
    const first = await client().feedChannels({ limit: 1 });
    expect(first.data).toHaveLength(1);
    const second = await client().feedChannels({ limit: 1, startingAfter: first.next! });
    expect(second.data.map((c) => c.id)).not.toContain(first.data[0]!.id);
  });

  it('keeps the poller’s report on the channel, shown by GET /channels/{id}', async () => {
    const feed = await h.channel({ name: 'Feed D', platform: 'HTTP_FEED', feedUrl: FEED });
    expect((await h.request('GET', `/channels/${feed.id}`)).body.feedSync).toBeNull();
    const sync = {
      lastSyncAt: '2026-03-01T10:00:00.000Z',
      lastSuccessAt: null,
      lastError: 'The feed answered HTTP 500',
      consecutiveFailures: 2,
      nextAttemptAt: '2026-03-01T10:04:00.000Z',
    };
    await client().reportFeedStatus(ORG, { channelId: feed.id, ...sync });
    expect((await h.request('GET', `/channels/${feed.id}`)).body.feedSync).toEqual(sync);
  });

  it('refuses a report on another organization’s channel with 404 resource_not_found', async () => {
    const feed = await h.channel({ name: 'Feed E', platform: 'HTTP_FEED', feedUrl: FEED });
    const report = {
      channelId: feed.id,
      lastSyncAt: '2026-03-01T10:00:00.000Z',
      lastSuccessAt: '2026-03-01T10:00:00.000Z',
      lastError: null,
      consecutiveFailures: 0,
      nextAttemptAt: null,
    };
    const res = await h.request('POST', '/channels/feed-status', report, { base: '/internal/v1', orgId: OTHER });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('resource_not_found');
    expect(ANY_ORGANIZATION).toBe('*');
  });
});

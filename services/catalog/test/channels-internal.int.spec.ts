import { catalogClient, serviceSigner } from '@stockyard/contracts';
import { TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { startChannels, type Channels } from './support/channels';

const ORG = 'org_channels_internal';
const OTHER = 'org_channels_internal_other';

describe('POST /internal/v1/channels/batch', () => {
  let h: Channels;
  beforeAll(async () => {
    h = await startChannels(ORG);
  });
  afterAll(() => h.close());
  const client = () => catalogClient({ baseUrl: h.url, sign: serviceSigner('gateway', TEST_IDENTITY_SECRET) });

  it("answers the organization's live channels; deleted, unknown, other organizations' are missing", async () => {
    const shop = await h.channel({ name: 'Headless shop', platform: 'STOREFRONT' });
    const api = await h.channel({ name: 'Partner API', platform: 'API', active: false });
    const gone = await h.channel({ name: 'Old shop', platform: 'STOREFRONT' });
    expect((await h.request('DELETE', `/channels/${gone.id}`)).status).toBe(204);
    const theirs = await h.request('POST', '/channels', { name: 'Theirs', platform: 'STOREFRONT' }, { orgId: OTHER });
    expect(theirs.status).toBe(201);

    const batch = await client().channels(ORG, [shop.id, api.id, gone.id, theirs.body.id, 'ch_nope', shop.id]);
    const plain = { warehouseId: null, feedUrl: null, feedSecret: null };
    expect(batch.data).toEqual([
      { id: shop.id, name: 'Headless shop', platform: 'STOREFRONT', active: true, ...plain },
      { id: api.id, name: 'Partner API', platform: 'API', active: false, ...plain },
    ]);
    expect(batch.missing).toEqual([gone.id, theirs.body.id, 'ch_nope']);
  });

  it('refuses an empty batch, a non-id and an unknown field with 400 validation_failed', async () => {
    for (const body of [{ ids: [] }, { ids: ['not an id'] }, { ids: ['ch_1'], extra: true }]) {
      const res = await h.request('POST', '/channels/batch', body, { base: '/internal/v1' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('refuses a call without a signed identity with 401', async () => {
    const res = await h.request('POST', '/channels/batch', { ids: ['ch_1'] }, { base: '/internal/v1', orgId: null });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });
});

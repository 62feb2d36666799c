import { catalogClient, serviceSigner } from '@stockyard/contracts';
import { TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { startChannels, type Channels } from './support/channels';

const ORG = 'org_sources_internal';
const OTHER = 'org_sources_internal_other';

describe('POST /internal/v1/sources/batch and /offers/batch', () => {
  let h: Channels;
  beforeAll(async () => {
    h = await startChannels(ORG);
  });
  afterAll(() => h.close());
  const client = () => catalogClient({ baseUrl: h.url, sign: serviceSigner('gateway', TEST_IDENTITY_SECRET) });
  const internal = (path: string, body: unknown) => h.request('POST', path, body, { base: '/internal/v1' });
  const variantOf = async (name: string) => (await h.product({ name })).variants[0].id as string;

  it("answers the organization's sources, trashed ones too; unknown and others' ids are missing", async () => {
    const acme = await h.source({
      name: 'Acme',
      email: 'po@acme.test',
      currency: 'EUR',
      leadTimeDays: 5,
      paymentTermsDays: 30,
    });
    const idle = await h.source({ name: 'Idle', active: false });
    const gone = await h.source({ name: 'Gone' });
    expect((await h.request('DELETE', `/sources/${gone.id}`)).status).toBe(204);
    const theirs = await h.request('POST', '/sources', { name: 'Theirs' }, { orgId: OTHER });
    expect(theirs.status).toBe(201);

    const batch = await client().sources(ORG, [acme.id, idle.id, gone.id, theirs.body.id, 'src_nope', acme.id]);
    expect(batch.data.map((s) => s.id)).toEqual([acme.id, idle.id, gone.id]);
    expect(batch.data[0]).toEqual(acme);
    expect(batch.data[0]!.paymentTermsDays).toBe(30);
    expect(batch.data[1]).toMatchObject({ name: 'Idle', active: false, deletedAt: null });
    expect(batch.data[2]).toMatchObject({ name: 'Gone', active: false, deletedAt: expect.any(String) });
    expect(batch.missing).toEqual([theirs.body.id, 'src_nope']);
  });

  it('answers the offers of live sources for the variants, with source name and currency', async () => {
    const [bolt, nut, none] = [await variantOf('Bolt'), await variantOf('Nut'), await variantOf('Washer')];
    const acme = await h.source({ name: 'Acme Bolts', currency: 'EUR' });
    const beta = await h.source({ name: 'Beta Supply' });
    await h.skus(acme.id, [
      { sku: 'A-BOLT', cost: 0.5, availableQuantity: 100, variantId: bolt },
      { sku: 'A-NUT', cost: null, variantId: nut },
      { sku: 'A-LOOSE', cost: 1 },
    ]);
    await h.skus(beta.id, [{ sku: 'B-BOLT', cost: 0.45, variantId: bolt, preferred: true }]);

    const { data } = await client().offers(ORG, { variantIds: [nut, bolt, none] });
    expect(data.map((o) => [o.variantId, o.sku])).toEqual([
      [nut, 'A-NUT'],
      [bolt, acme.id < beta.id ? 'A-BOLT' : 'B-BOLT'],
      [bolt, acme.id < beta.id ? 'B-BOLT' : 'A-BOLT'],
    ]);
    const aBolt = data.find((o) => o.sku === 'A-BOLT')!;
    expect(aBolt).toMatchObject({
      sourceChannelId: acme.id,
      sourceName: 'Acme Bolts',
      currency: 'EUR',
      cost: 0.5,
      availableQuantity: 100,
      preferred: false,
    });
    expect(data.find((o) => o.sku === 'B-BOLT')).toMatchObject({
      sourceName: 'Beta Supply',
      currency: 'USD',
      preferred: true,
    });
    expect(data.find((o) => o.sku === 'A-NUT')!.cost).toBeNull();
  });

  it("leaves out a trashed source's offers and an inactive source's", async () => {
    const gear = await variantOf('Gear');
    const [live, idle, trashed] = [
      await h.source({ name: 'Live' }),
      await h.source({ name: 'Paused' }),
      await h.source({ name: 'Trashed' }),
    ];
    await h.skus(live.id, [{ sku: 'L-GEAR', variantId: gear }]);
    await h.skus(idle.id, [{ sku: 'P-GEAR', variantId: gear }]);
    await h.skus(trashed.id, [{ sku: 'T-GEAR', variantId: gear }]);
    expect((await h.request('PATCH', `/sources/${idle.id}`, { active: false })).status).toBe(200);
    const skusOf = async () => (await client().offers(ORG, { variantIds: [gear] })).data.map((o) => o.sku).sort();
    expect(await skusOf()).toEqual(['L-GEAR', 'T-GEAR']);
    expect((await h.request('DELETE', `/sources/${trashed.id}`)).status).toBe(204);

    expect(await skusOf()).toEqual(['L-GEAR']);
    const sources = await client().sources(ORG, [trashed.id]);
    expect(sources.data.map((s) => s.id)).toEqual([trashed.id]);
  });

  it('narrows to one source with sourceChannelId', async () => {
    const cog = await variantOf('Cog');
    const [one, two] = [await h.source({ name: 'One' }), await h.source({ name: 'Two' })];
    await h.skus(one.id, [{ sku: 'ONE-COG', variantId: cog }]);
    await h.skus(two.id, [{ sku: 'TWO-COG', variantId: cog }]);

    const { data } = await client().offers(ORG, { variantIds: [cog], sourceChannelId: two.id });
    expect(data.map((o) => [o.sourceChannelId, o.sku])).toEqual([[two.id, 'TWO-COG']]);
    expect((await client().offers(ORG, { variantIds: [cog] })).data).toHaveLength(2);
  });

  it("answers no offers of another organization's variant or source", async () => {
    const spring = await variantOf('Spring');
    const mine = await h.source({ name: 'Mine' });
    await h.skus(mine.id, [{ sku: 'M-SPRING', variantId: spring }]);
    expect((await client().offers(OTHER, { variantIds: [spring] })).data).toEqual([]);
    expect((await client().offers(ORG, { variantIds: [spring], sourceChannelId: mine.id })).data).toHaveLength(1);
    expect((await client().offers(OTHER, { variantIds: [spring], sourceChannelId: mine.id })).data).toEqual([]);
  });

  it('refuses a bad body with 400 validation_failed', async () => {
    const bodies: [string, unknown][] = [
      ['/sources/batch', { ids: [] }],
      ['/sources/batch', { ids: ['not an id'] }],
      ['/sources/batch', { ids: ['src_1'], extra: true }],
      ['/sources/batch', { ids: Array.from({ length: 101 }, (_, i) => `src_${i}`) }],
      ['/offers/batch', {}],
      ['/offers/batch', { variantIds: [] }],
      ['/offers/batch', { variantIds: ['var_1'], sourceChannelId: '../x' }],
      ['/offers/batch', { variantIds: ['var_1'], other: 1 }],
    ];
    for (const [path, body] of bodies) {
      const res = await internal(path, body);
      expect({ path, body, status: res.status, code: res.body.error?.code }).toEqual({
        path,
        body,
        status: 400,
        code: 'validation_failed',
      });
    }
  });

  it('refuses a call without a signed identity with 401', async () => {
    for (const [path, body] of [
      ['/sources/batch', { ids: ['src_1'] }],
      ['/offers/batch', { variantIds: ['var_1'] }],
    ] as const) {
      const res = await h.request('POST', path, body, { base: '/internal/v1', orgId: null });
      expect(res.status).toBe(401);
    }
  });
});

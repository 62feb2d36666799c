import { createServer, type Server, type Socket } from 'node:net';
import { json } from '@stockyard/testkit';
import { startCatalog, type TestCatalog } from './support/catalog';
import { startGateway, type TestGateway } from './support/gateway';

/**
 * POST /api-keys/storefront binds a key only to a live STOREFRONT sales channel of the
 * caller's organization, asked of the real catalog's internal API.
 */
describe('POST /api-keys/storefront: the channel it binds', () => {
  let catalog: TestCatalog;
  let gw: TestGateway;
  let orgId: string;
  let adminKey: string;

  beforeAll(async () => {
    catalog = await startCatalog();
    gw = await startGateway({ CATALOG_URL: catalog.url });
    ({ orgId, adminKey } = await gw.newOrg());
  });
  afterAll(async () => {
    await gw?.close();
    await catalog?.close();
  });

  const create = (g: TestGateway, key: string, channelId: string) =>
    g.api('POST', '/api-keys/storefront', key, { name: 'shop front', channelId });
  const expectRefused = async (res: Response, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect((await json(res)).error).toMatchObject({ code, requestId: expect.any(String) });
  };

  it("binds a key to a STOREFRONT channel of the caller's organization", async () => {
    const channelId = await catalog.channel(orgId, 'STOREFRONT');
    const res = await create(gw, adminKey, channelId);
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ type: 'storefront', channelId });
  });

  it.each([
    ['an unknown channel id', async () => 'ch_doesnotexist'],
    ['a channelId that is no id at all', async () => 'not a channel!'],
    ["another organization's STOREFRONT channel", async () => catalog.channel('org_someone_else', 'STOREFRONT')],
    [
      'a deleted STOREFRONT channel',
      async () => {
        const id = await catalog.channel(orgId, 'STOREFRONT');
        expect((await catalog.request('DELETE', `/channels/${id}`, undefined, { orgId })).status).toBe(204);
        return id;
      },
    ],
  ])('refuses %s with 422 unknown_channel', async (_what, channel) => {
    await expectRefused(await create(gw, adminKey, await channel()), 422, 'unknown_channel');
  });

  it.each(['API', 'HTTP_FEED'] as const)(
    'refuses a %s sales channel with 422 channel_not_storefront',
    async (platform) => {
      await expectRefused(
        await create(gw, adminKey, await catalog.channel(orgId, platform)),
        422,
        'channel_not_storefront',
      );
    },
  );

  it('creates no key for a refused channel', async () => {
    const before = (await json(await gw.api('GET', '/api-keys?limit=200', adminKey))).total;
    await expectRefused(await create(gw, adminKey, 'ch_doesnotexist'), 422, 'unknown_channel');
    expect((await json(await gw.api('GET', '/api-keys?limit=200', adminKey))).total).toBe(before);
  });

  describe('with the catalog unavailable', () => {
    let silent: Server;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      // Accepts connections and never answers.
      silent = createServer((socket) => void sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    it('answers 503 dependency_unavailable with Retry-After when the catalog is down, and creates no key', async () => {
      const down = await startGateway(); // every upstream on a closed port
      try {
        const org = await down.newOrg();
        const res = await create(down, org.adminKey, 'ch_anything');
        await expectRefused(res, 503, 'dependency_unavailable');
        expect(res.headers.get('retry-after')).toBe('5');
        expect((await json(await down.api('GET', '/api-keys', org.adminKey))).total).toBe(1);
      } finally {
        await down.close();
      }
    });

    it('answers 503 dependency_unavailable after PEER_TIMEOUT_MS when the catalog does not answer', async () => {
      const port = (silent.address() as { port: number }).port;
      const slow = await startGateway({ CATALOG_URL: `http://127.0.0.1:${port}`, PEER_TIMEOUT_MS: 300 });
      try {
        const org = await slow.newOrg();
        const started = Date.now();
        await expectRefused(await create(slow, org.adminKey, 'ch_anything'), 503, 'dependency_unavailable');
        expect(Date.now() - started).toBeLessThan(3000);
      } finally {
        await slow.close();
      }
    });
  });
});

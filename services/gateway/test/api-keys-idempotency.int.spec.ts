import { json } from '@stockyard/testkit';
import { startCatalog, type TestCatalog } from './support/catalog';
import { startGateway, type TestGateway } from './support/gateway';

/**
 * The gateway's own POSTs take Idempotency-Key as the services do (the kit's middleware):
 * the first answer is stored per organization and path and replayed, so a retried create
 * makes one key, not two.
 */
describe('Idempotency-Key on the gateway’s own POSTs', () => {
  let catalog: TestCatalog;
  let gw: TestGateway;
  let orgId: string;
  let adminKey: string;
  let channelId: string;
  let n = 0;

  beforeAll(async () => {
    catalog = await startCatalog();
    gw = await startGateway({ CATALOG_URL: catalog.url });
    ({ orgId, adminKey } = await gw.newOrg());
    channelId = await catalog.channel(orgId, 'STOREFRONT');
  });
  afterAll(async () => {
    await gw?.close();
    await catalog?.close();
  });

  const post = (path: string, body: unknown, key: string, apiKey = adminKey) =>
    gw.api('POST', path, apiKey, body, { 'idempotency-key': key });
  /** The organization's active keys of that name. */
  const keysNamed = async (name: string, apiKey = adminKey) =>
    (await json(await gw.api('GET', '/api-keys?limit=200', apiKey))).data.filter(
      (k: { name: string }) => k.name === name,
    );

  describe.each([
    ['/api-keys', (name: string) => ({ name, role: 'VIEWER' })],
    ['/api-keys/storefront', (name: string) => ({ name, channelId })],
  ])('POST %s', (path, bodyOf) => {
    const fresh = () => `${path.replace(/\W/g, '-')}-${++n}`;

    it('replays the first answer for the same key and body: one key is created', async () => {
      const name = fresh();
      const first = await post(path, bodyOf(name), `idem-${name}`);
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const created = await json(first);
      const again = await post(path, bodyOf(name), `idem-${name}`);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      // The same answer but the key's secret: shown once, never stored in clear (kit: secretFields).
      const { key: secret, ...record } = created;
      expect(secret).toEqual(expect.any(String));
      expect(await json(again)).toEqual(record);
      expect((await keysNamed(name)).map((k: { id: string }) => k.id)).toEqual([created.id]);
    });

    it('makes exactly one key from 20 concurrent requests with one key; the others 409 or replay', async () => {
      const name = fresh();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          post(path, bodyOf(name), `idem-${name}`).then(async (res) => ({
            status: res.status,
            replayed: res.headers.get('idempotent-replayed'),
            retryAfter: res.headers.get('retry-after'),
            body: await json(res),
          })),
        ),
      );
      const created = answers.filter((a) => a.status === 201);
      const busy = answers.filter((a) => a.status !== 201);
      expect(created.filter((a) => a.replayed === null)).toHaveLength(1);
      expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
      for (const a of busy) {
        expect(a.status).toBe(409);
        expect(a.body.error.code).toBe('idempotency_in_progress');
        expect(a.retryAfter).toBe('1');
      }
      expect(await keysNamed(name)).toHaveLength(1);
    });

    it('refuses the same key with another body with 422 idempotency_key_reused, creating nothing', async () => {
      const name = fresh();
      expect((await post(path, bodyOf(name), `idem-${name}`)).status).toBe(201);
      const other = await post(path, bodyOf(`${name}-other`), `idem-${name}`);
      expect(other.status).toBe(422);
      expect((await json(other)).error.code).toBe('idempotency_key_reused');
      expect(await keysNamed(`${name}-other`)).toHaveLength(0);
    });

    it.each([
      ['a space', 'has a space'],
      ['256 characters', 'k'.repeat(256)],
    ])('refuses a key with %s with 400 invalid_idempotency_key, creating nothing', async (_what, key) => {
      const name = fresh();
      const res = await post(path, bodyOf(name), key);
      expect(res.status).toBe(400);
      expect((await json(res)).error.code).toBe('invalid_idempotency_key');
      expect(await keysNamed(name)).toHaveLength(0);
    });

    it('keeps keys per organization: another organization’s same key makes its own key', async () => {
      const name = fresh();
      const other = await gw.newOrg('Other org');
      const otherChannel = await catalog.channel(other.orgId, 'STOREFRONT');
      const otherBody = path === '/api-keys' ? bodyOf(name) : { name, channelId: otherChannel };
      const mine = await json(await post(path, bodyOf(name), `idem-${name}`));
      const theirs = await post(path, otherBody, `idem-${name}`, other.adminKey);
      expect(theirs.status).toBe(201);
      expect(theirs.headers.get('idempotent-replayed')).toBeNull();
      expect((await json(theirs)).id).not.toBe(mine.id);
      expect(await keysNamed(name, other.adminKey)).toHaveLength(1);
    });
  });

  it('replays a refusal too: a key bound to a channel that is not a storefront stays refused', async () => {
    const apiChannel = await catalog.channel(orgId, 'API');
    const body = { name: 'refused', channelId: apiChannel };
    const first = await post('/api-keys/storefront', body, 'idem-refused');
    expect(first.status).toBe(422);
    const again = await post('/api-keys/storefront', body, 'idem-refused');
    expect(again.status).toBe(422);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await json(again)).error.code).toBe('channel_not_storefront');
  });
});

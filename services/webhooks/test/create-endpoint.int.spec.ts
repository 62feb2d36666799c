import { EVENT_NAMES, WebhookEndpointSchema, WebhookEndpointWithSecretSchema } from '@stockyard/contracts';
import { sendAcrossCrash } from '@stockyard/testkit';
import { startWebhooks, type Harness } from './support/webhooks';

const orgA = 'org_create_a';
// No allow-list: the public-address rule applies to every host, as in production.
let harness: Harness;
beforeAll(async () => {
  harness = await startWebhooks(orgA, { env: { WEBHOOK_URL_ALLOWLIST: '' } });
});
afterAll(() => harness.close());

const PUBLIC_URL = 'https://93.184.215.14/hooks'; // a literal public address: no DNS needed

describe('POST /webhooks', () => {
  it('creates an endpoint and shows its whsec_ secret once (201)', async () => {
    const res = await harness.request(
      'POST',
      '/webhooks',
      {
        url: PUBLIC_URL,
        events: ['order.created', 'invoice.created'],
      },
      { orgId: orgA },
    );
    expect(res.status).toBe(201);
    const endpoint = WebhookEndpointWithSecretSchema.parse(res.body);
    expect(endpoint.id).toMatch(/^we_/);
    expect(endpoint.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(endpoint).toMatchObject({ url: PUBLIC_URL, events: ['order.created', 'invoice.created'], enabled: true });
    expect(new Date(endpoint.createdAt).toISOString()).toBe(endpoint.createdAt);
  });

  it('replays a create for its Idempotency-Key without the secret, which is shown once and never stored', async () => {
    const body = { url: PUBLIC_URL, events: ['order.created'] };
    const options = { orgId: orgA, headers: { 'idempotency-key': `create-${Date.now()}` } };
    const first = await harness.request('POST', '/webhooks', body, options);
    const again = await harness.request('POST', '/webhooks', body, options);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const { secret, ...endpoint } = WebhookEndpointWithSecretSchema.parse(first.body);
    expect(secret).toMatch(/^whsec_/);
    expect(again.body).toEqual(endpoint);
  });

  it('answers the stored endpoint and its secret when a keyed create runs again after a crash', async () => {
    const body = { url: PUBLIC_URL, events: ['order.created'] };
    const key = `rerun-${Date.now()}`;
    const send = () => harness.request('POST', '/webhooks', body, { orgId: orgA, headers: { 'idempotency-key': key } });
    const [first, rerun] = await sendAcrossCrash(harness.connection, key, send);
    expect([first.status, rerun.status]).toEqual([201, 201]);
    expect(rerun.body).toEqual(first.body); // the same id and the secret it signs with
    const listed = await harness.request('GET', '/webhooks?limit=100', undefined, { orgId: orgA });
    expect(listed.body.data.filter((e: { id: string }) => e.id === first.body.id)).toHaveLength(1);
  });

  it('rejects an unknown event name with 400 validation_failed naming the entry', async () => {
    const res = await harness.request(
      'POST',
      '/webhooks',
      {
        url: PUBLIC_URL,
        events: ['order.created', 'order.teleported'],
      },
      { orgId: orgA },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'events.1' })]);
  });

  it('rejects an http URL with 422 webhook_url_not_https', async () => {
    const res = await harness.request(
      'POST',
      '/webhooks',
      {
        url: 'http://example.invalid/hooks',
        events: ['order.created'],
      },
      { orgId: orgA },
    );
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('webhook_url_not_https');
  });

  it('refuses http to a loopback receiver with 422 webhook_url_not_https naming the allow-list setting', async () => {
    const res = await harness.request(
      'POST',
      '/webhooks',
      { url: 'http://127.0.0.1:4590/hook', events: ['order.created'] },
      { orgId: orgA },
    );
    expect([res.status, res.body.error.code]).toEqual([422, 'webhook_url_not_https']);
    expect(res.body.error.message).toBe(
      'Webhook URL must use https (http to loopback host 127.0.0.1 is refused); an operator can allow this ' +
        'receiver for tests or local development with WEBHOOK_URL_ALLOWLIST=127.0.0.1:4590',
    );
  });

  it('does not offer the allow-list for http to a host that is not local', async () => {
    const res = await harness.request(
      'POST',
      '/webhooks',
      { url: 'http://hooks.example.com/x', events: ['order.created'] },
      { orgId: orgA },
    );
    expect([res.status, res.body.error.code]).toEqual([422, 'webhook_url_not_https']);
    expect(res.body.error.message).toBe('Webhook URL must use https');
  });

  it('refuses a private address with 422 webhook_url_private_address naming the allow-list setting', async () => {
    const res = await harness.request(
      'POST',
      '/webhooks',
      { url: 'https://10.0.0.8/x', events: ['order.created'] },
      { orgId: orgA },
    );
    expect([res.status, res.body.error.code]).toEqual([422, 'webhook_url_private_address']);
    expect(res.body.error.message).toBe(
      'Webhook URL host 10.0.0.8 resolves to a non-public address (10.0.0.8, private); an operator can allow ' +
        'this receiver for tests or local development with WEBHOOK_URL_ALLOWLIST=10.0.0.8:443',
    );
  });

  it.each([
    'https://127.0.0.1/x',
    'https://10.0.0.8/x',
    'https://[::1]/x',
    'https://169.254.169.254/latest',
    'https://localhost/x',
  ])('rejects %s with 422 webhook_url_private_address', async (url) => {
    const res = await harness.request('POST', '/webhooks', { url, events: ['order.created'] }, { orgId: orgA });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('webhook_url_private_address');
  });

  it('rejects a host that does not resolve with 422 webhook_url_unresolvable', async () => {
    const res = await harness.request(
      'POST',
      '/webhooks',
      {
        url: 'https://no-such-host.invalid/x',
        events: ['order.created'],
      },
      { orgId: orgA },
    );
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('webhook_url_unresolvable');
  });

  it('refuses a request without a signed identity (401)', async () => {
    const res = await harness.request(
      'POST',
      '/webhooks',
      { url: PUBLIC_URL, events: ['order.created'] },
      { orgId: null },
    );
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });
});

describe('GET /webhooks', () => {
  it("lists only the caller's endpoints, without secrets", async () => {
    const orgB = 'org_list_b';
    await harness.request('POST', '/webhooks', { url: `${PUBLIC_URL}/b1`, events: ['order.created'] }, { orgId: orgB });
    await harness.request(
      'POST',
      '/webhooks',
      { url: `${PUBLIC_URL}/b2`, events: ['product.created'] },
      { orgId: orgB },
    );
    await harness.request(
      'POST',
      '/webhooks',
      { url: `${PUBLIC_URL}/c`, events: ['order.created'] },
      { orgId: 'org_list_other' },
    );

    const res = await harness.request('GET', '/webhooks?limit=10', undefined, { orgId: orgB });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, limit: 10, offset: 0 });
    expect(res.body.data.map((e: { url: string }) => e.url).sort()).toEqual([`${PUBLIC_URL}/b1`, `${PUBLIC_URL}/b2`]);
    for (const endpoint of res.body.data) {
      expect(WebhookEndpointSchema.strict().safeParse(endpoint).success).toBe(true);
      expect(endpoint).not.toHaveProperty('secret');
    }
  });
});

describe('GET /webhooks/events', () => {
  it('returns the live event catalog', async () => {
    const res = await harness.request('GET', '/webhooks/events', undefined, { orgId: orgA });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: EVENT_NAMES });
  });
});

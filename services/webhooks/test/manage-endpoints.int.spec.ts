import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  verifyWebhook,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  type ErrorBody,
} from '@stockyard/contracts';
import { startReceiver } from '@stockyard/testkit';
import type { Broker } from '@stockyard/service-kit/events';
import { availabilityChanged, deliveriesWhen, requests, startPublisher, type Receiver } from './support/publisher';
import { startWebhooks, testSecrets, type Harness } from './support/webhooks';

let harness: Harness;
let publisher: Broker;
const receivers: Receiver[] = [];
beforeAll(async () => {
  harness = await startWebhooks('org_manage', {
    env: {
      WEBHOOK_URL_ALLOWLIST: '127.0.0.1',
      WEBHOOK_RETRY_SCHEDULE: '0.2',
      WEBHOOK_RETRY_JITTER: '0',
    },
  });
  publisher = await startPublisher(harness);
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await publisher.close();
  await harness.close();
});

async function endpointFor(orgId: string, respond: () => number = () => 200) {
  const receiver = await startReceiver(respond);
  receivers.push(receiver);
  const res = await harness.request(
    'POST',
    '/webhooks',
    {
      url: receiver.url,
      events: ['inventory.availability_changed'],
    },
    { orgId },
  );
  expect(res.status).toBe(201);
  return { receiver, endpoint: WebhookEndpointWithSecretSchema.parse(res.body) };
}
const expectError = (res: { status: number; body: Partial<ErrorBody> | undefined }, status: number, code: string) => {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
};
const endpoints = () => harness.connection.collection('webhook_endpoints');

describe('PATCH /webhooks/{id}', () => {
  it('changes url, events and enabled (200), never showing the secret', async () => {
    const { endpoint, receiver } = await endpointFor('org_patch');
    const url = `${receiver.url}/v2`;
    const res = await harness.request(
      'PATCH',
      `/webhooks/${endpoint.id}`,
      {
        url,
        events: ['order.created', 'order.shipped'],
        enabled: false,
      },
      { orgId: 'org_patch' },
    );
    expect(res.status).toBe(200);
    expect(WebhookEndpointSchema.strict().parse(res.body)).toMatchObject({
      id: endpoint.id,
      url,
      events: ['order.created', 'order.shipped'],
      enabled: false,
    });
  });

  it('re-enables a disabled endpoint and resets its failure count', async () => {
    const { endpoint } = await endpointFor('org_reenable');
    await endpoints().updateOne(
      { _id: endpoint.id as never },
      { $set: { enabled: false, consecutiveFailures: 5, disabledAt: new Date() } },
    );
    const res = await harness.request(
      'PATCH',
      `/webhooks/${endpoint.id}`,
      { enabled: true },
      { orgId: 'org_reenable' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledAt: null });
  });

  it.each([
    ['an empty body', {}],
    ['an unknown field', { secret: 'whsec_mine' }],
    ['an unknown event name', { events: ['order.teleported'] }],
    ['an empty event list', { events: [] }],
    ['a non-boolean enabled', { enabled: 'yes' }],
  ])('rejects %s with 400 validation_failed', async (_what, body) => {
    const { endpoint } = await endpointFor('org_patch_bad');
    expectError(
      await harness.request('PATCH', `/webhooks/${endpoint.id}`, body, { orgId: 'org_patch_bad' }),
      400,
      'validation_failed',
    );
  });

  it('applies the URL rule (422)', async () => {
    const { endpoint } = await endpointFor('org_patch_url');
    expectError(
      await harness.request(
        'PATCH',
        `/webhooks/${endpoint.id}`,
        { url: 'http://example.invalid/x' },
        { orgId: 'org_patch_url' },
      ),
      422,
      'webhook_url_not_https',
    );
    expectError(
      await harness.request(
        'PATCH',
        `/webhooks/${endpoint.id}`,
        { url: 'https://10.1.2.3/x' },
        { orgId: 'org_patch_url' },
      ),
      422,
      'webhook_url_private_address',
    );
  });

  it("answers 404 for an unknown id and for another organization's endpoint", async () => {
    const { endpoint } = await endpointFor('org_patch_owner');
    expectError(
      await harness.request('PATCH', '/webhooks/we_nope', { enabled: false }, { orgId: 'org_patch_owner' }),
      404,
      'resource_not_found',
    );
    expectError(
      await harness.request('PATCH', `/webhooks/${endpoint.id}`, { enabled: false }, { orgId: 'org_patch_intruder' }),
      404,
      'resource_not_found',
    );
    expect((await endpoints().findOne({ _id: endpoint.id as never }))?.enabled).toBe(true);
  });
});

describe('DELETE /webhooks/{id}', () => {
  it('deletes the endpoint and its deliveries (204)', async () => {
    const orgId = 'org_delete';
    const { endpoint, receiver } = await endpointFor(orgId);
    await publisher.publish(availabilityChanged(orgId));
    await requests(receiver, 1);
    await deliveriesWhen(harness, orgId, (docs) => docs.length === 1);

    const res = await harness.request('DELETE', `/webhooks/${endpoint.id}`, undefined, { orgId });
    expect(res.status).toBe(204);
    expect((await harness.request('GET', '/webhooks', undefined, { orgId })).body.total).toBe(0);
    expect(await harness.connection.collection('webhook_deliveries').countDocuments({ orgId })).toBe(0);
    expectError(
      await harness.request('GET', `/webhooks/${endpoint.id}/deliveries`, undefined, { orgId }),
      404,
      'resource_not_found',
    );
  });

  it("answers 404 for an unknown id and for another organization's endpoint", async () => {
    const { endpoint } = await endpointFor('org_delete_owner');
    expectError(
      await harness.request('DELETE', '/webhooks/we_nope', undefined, { orgId: 'org_delete_owner' }),
      404,
      'resource_not_found',
    );
    expectError(
      await harness.request('DELETE', `/webhooks/${endpoint.id}`, undefined, { orgId: 'org_delete_intruder' }),
      404,
      'resource_not_found',
    );
    expect(await endpoints().countDocuments({ _id: endpoint.id as never })).toBe(1);
  });
});

describe('POST /webhooks/{id}/rotate-secret', () => {
  it('returns a new secret once (201); every delivery from then on is signed with it', async () => {
    const orgId = 'org_rotate';
    const { endpoint, receiver } = await endpointFor(orgId);
    const res = await harness.request('POST', `/webhooks/${endpoint.id}/rotate-secret`, undefined, { orgId });
    expect(res.status).toBe(201);
    const rotated = WebhookEndpointWithSecretSchema.parse(res.body);
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect((await harness.request('GET', '/webhooks', undefined, { orgId })).body.data[0]).not.toHaveProperty('secret');

    await publisher.publish(availabilityChanged(orgId));
    const [request] = await requests(receiver, 1);
    const header = request!.headers['x-stockyard-signature'] as string;
    expect(verifyWebhook({ secret: rotated.secret, rawBody: request!.rawBody, header })).toBe(true);
    expect(verifyWebhook({ secret: endpoint.secret, rawBody: request!.rawBody, header })).toBe(false);
  });

  it('signs the retry of a delivery created before the rotation with the new secret', async () => {
    const orgId = 'org_rotate_retry';
    const arrivals: { rawBody: Buffer; signature: string }[] = [];
    let endpointId = '';
    let rotatedSecret = '';
    // The first attempt is answered (500) only once the secret was rotated: the retry is
    // signed after the rotation, whatever the machine's speed.
    const rotate = async () => {
      rotatedSecret = (await harness.request('POST', `/webhooks/${endpointId}/rotate-secret`, undefined, { orgId }))
        .body.secret;
    };
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        arrivals.push({ rawBody: Buffer.concat(chunks), signature: req.headers['x-stockyard-signature'] as string });
        if (arrivals.length > 1) return void res.writeHead(200).end();
        // A failed rotation leaves rotatedSecret empty: the check of the retry's signature fails.
        void rotate()
          .catch(() => undefined)
          .finally(() => res.writeHead(500).end());
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const created = await harness.request(
      'POST',
      '/webhooks',
      {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/h`,
        events: ['inventory.availability_changed'],
      },
      { orgId },
    );
    endpointId = created.body.id;
    await publisher.publish(availabilityChanged(orgId));
    await deliveriesWhen(harness, orgId, (docs) => docs[0]?.status === 'succeeded');
    server.close();

    const verifies = (secret: string, n: number) =>
      verifyWebhook({ secret, rawBody: arrivals[n]!.rawBody, header: arrivals[n]!.signature });
    expect(verifies(created.body.secret, 0)).toBe(true);
    expect(verifies(rotatedSecret, 1)).toBe(true);
    expect(verifies(created.body.secret, 1)).toBe(false);
  });

  it("answers 404 for an unknown id and for another organization's endpoint", async () => {
    const { endpoint } = await endpointFor('org_rotate_owner');
    expectError(
      await harness.request('POST', '/webhooks/we_nope/rotate-secret', undefined, { orgId: 'org_rotate_owner' }),
      404,
      'resource_not_found',
    );
    expectError(
      await harness.request('POST', `/webhooks/${endpoint.id}/rotate-secret`, undefined, {
        orgId: 'org_rotate_intruder',
      }),
      404,
      'resource_not_found',
    );
    const stored = (await endpoints().findOne({ _id: endpoint.id as never }))!.secret;
    expect(testSecrets.open(stored, endpoint.id)).toBe(endpoint.secret); // unchanged
  });
});

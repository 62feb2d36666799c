import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, WebhookDeliverySchema, type ErrorBody, type WebhookBody } from '@stockyard/contracts';
import { startReceiver } from '@stockyard/testkit';
import type { Broker } from '@stockyard/service-kit/events';
import {
  availabilityChanged,
  deliveriesWhen,
  requests,
  settle,
  startPublisher,
  type Receiver,
} from './support/publisher';
import { startWebhooks, type Harness } from './support/webhooks';

// Two attempts 0.2 s apart: a delivery fails within half a second.
let harness: Harness;
let publisher: Broker;
const receivers: Receiver[] = [];
beforeAll(async () => {
  harness = await startWebhooks('org_history', {
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

async function endpointFor(orgId: string, respond: () => number) {
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
  return { receiver, endpoint: res.body as { id: string; secret: string } };
}
const expectError = (res: { status: number; body: Partial<ErrorBody> | undefined }, status: number, code: string) => {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
};

describe('GET /webhooks/{id}/deliveries', () => {
  it('lists deliveries newest first with their attempts, honouring limit', async () => {
    const orgId = 'org_history';
    let calls = 0;
    const { endpoint } = await endpointFor(orgId, () => (calls++ === 0 ? 500 : 200));
    const first = availabilityChanged(orgId, 1);
    await publisher.publish(first);
    await deliveriesWhen(harness, orgId, (docs) => docs[0]?.status === 'succeeded');
    await settle(20);
    const second = availabilityChanged(orgId, 2);
    await publisher.publish(second);
    await deliveriesWhen(harness, orgId, (docs) => docs.length === 2 && docs.every((d) => d.status === 'succeeded'));

    const res = await harness.request('GET', `/webhooks/${endpoint.id}/deliveries`, undefined, { orgId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, limit: 50, offset: 0 });
    const [newest, oldest] = res.body.data.map((d: unknown) => WebhookDeliverySchema.strict().parse(d));
    expect(newest).toMatchObject({
      eventId: second.id,
      event: 'inventory.availability_changed',
      status: 'succeeded',
      attemptCount: 1,
      nextAttemptAt: null,
      payload: second.payload,
    });
    expect(oldest).toMatchObject({ eventId: first.id, status: 'succeeded', attemptCount: 2, lastError: null });
    expect(oldest.id).toMatch(/^dlv_/);
    expect(oldest.attempts).toEqual([
      expect.objectContaining({ number: 1, responseStatus: 500, error: 'HTTP 500', responseBody: 'ok' }),
      expect.objectContaining({ number: 2, responseStatus: 200, error: null }),
    ]);
    expect(typeof oldest.attempts[0].durationMs).toBe('number');
    expect(new Date(oldest.attempts[0].at).toISOString()).toBe(oldest.attempts[0].at);

    const limited = await harness.request('GET', `/webhooks/${endpoint.id}/deliveries?limit=1`, undefined, { orgId });
    expect(limited.body).toMatchObject({ total: 2, limit: 1 });
    expect(limited.body.data.map((d: { eventId: string }) => d.eventId)).toEqual([second.id]);
  });

  it.each(['0', '201', 'many'])('rejects limit=%s with 400 validation_failed', async (limit) => {
    const { endpoint } = await endpointFor('org_history_limit', () => 200);
    expectError(
      await harness.request('GET', `/webhooks/${endpoint.id}/deliveries?limit=${limit}`, undefined, {
        orgId: 'org_history_limit',
      }),
      400,
      'validation_failed',
    );
  });

  it("answers 404 for an unknown endpoint and for another organization's", async () => {
    const { endpoint } = await endpointFor('org_history_owner', () => 200);
    expectError(
      await harness.request('GET', '/webhooks/we_nope/deliveries', undefined, { orgId: 'org_history_owner' }),
      404,
      'resource_not_found',
    );
    expectError(
      await harness.request('GET', `/webhooks/${endpoint.id}/deliveries`, undefined, { orgId: 'org_history_intruder' }),
      404,
      'resource_not_found',
    );
  });
});

describe('POST /webhooks/deliveries/{deliveryId}/replay', () => {
  async function failedDelivery(orgId: string, statuses: number[]) {
    let calls = 0;
    const { endpoint, receiver } = await endpointFor(orgId, () => statuses[Math.min(calls++, statuses.length - 1)]!);
    await publisher.publish(availabilityChanged(orgId));
    const [doc] = await deliveriesWhen(harness, orgId, (docs) => docs[0]?.status === 'failed');
    return { endpoint, receiver, deliveryId: doc!._id };
  }

  it('re-queues a failed delivery (201): same id, attempt 3, freshly signed', async () => {
    const orgId = 'org_replay';
    const { endpoint, receiver, deliveryId } = await failedDelivery(orgId, [500, 500, 200]);
    const res = await harness.request('POST', `/webhooks/deliveries/${deliveryId}/replay`, undefined, { orgId });
    expect(res.status).toBe(201);
    expect(WebhookDeliverySchema.strict().parse(res.body)).toMatchObject({
      id: deliveryId,
      status: 'pending',
      attemptCount: 2,
    });

    const third = (await requests(receiver, 3))[2]!;
    expect(third.body).toMatchObject({ delivery_id: deliveryId, attempt: 3 } satisfies Partial<WebhookBody>);
    expect(
      verifyWebhook({
        secret: endpoint.secret,
        rawBody: third.rawBody,
        header: third.headers['x-stockyard-signature'] as string,
      }),
    ).toBe(true);
    const [doc] = await deliveriesWhen(harness, orgId, (docs) => docs[0]?.status === 'succeeded');
    expect(doc!.attempts.map((a: { number: number }) => a.number)).toEqual([1, 2, 3]);
  });

  it('refuses a delivery that is not failed with 409 delivery_not_failed', async () => {
    const orgId = 'org_replay_ok';
    await endpointFor(orgId, () => 200);
    await publisher.publish(availabilityChanged(orgId));
    const [doc] = await deliveriesWhen(harness, orgId, (docs) => docs[0]?.status === 'succeeded');
    expectError(
      await harness.request('POST', `/webhooks/deliveries/${doc!._id}/replay`, undefined, { orgId }),
      409,
      'delivery_not_failed',
    );
  });

  it('refuses a pending delivery with 409, and a second replay while the first is pending', async () => {
    const orgId = 'org_replay_twice';
    const { deliveryId } = await failedDelivery(orgId, [500]);
    // A receiver that takes a second to answer keeps the replayed attempt pending while we look.
    const slow = http.createServer((req, res) => void setTimeout(() => res.writeHead(500).end(), 1000));
    slow.listen(0, '127.0.0.1');
    await once(slow, 'listening');
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/slow`;
    await harness.connection.collection('webhook_endpoints').updateOne({ orgId }, { $set: { url } });
    const results = await Promise.all(
      [1, 2, 3].map(() => harness.request('POST', `/webhooks/deliveries/${deliveryId}/replay`, undefined, { orgId })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    await deliveriesWhen(harness, orgId, (docs) => docs[0]?.status === 'failed');
    slow.closeAllConnections();
    slow.close();
  });

  it('refuses a delivery of a disabled endpoint with 409 webhook_endpoint_disabled', async () => {
    const orgId = 'org_replay_disabled';
    const { endpoint, deliveryId } = await failedDelivery(orgId, [500]);
    await harness.request('PATCH', `/webhooks/${endpoint.id}`, { enabled: false }, { orgId });
    expectError(
      await harness.request('POST', `/webhooks/deliveries/${deliveryId}/replay`, undefined, { orgId }),
      409,
      'webhook_endpoint_disabled',
    );
  });

  it("answers 404 for an unknown delivery and for another organization's", async () => {
    const orgId = 'org_replay_owner';
    const { deliveryId } = await failedDelivery(orgId, [500]);
    expectError(
      await harness.request('POST', '/webhooks/deliveries/dlv_nope/replay', undefined, { orgId }),
      404,
      'resource_not_found',
    );
    expectError(
      await harness.request('POST', `/webhooks/deliveries/${deliveryId}/replay`, undefined, {
        orgId: 'org_replay_intruder',
      }),
      404,
      'resource_not_found',
    );
  });
});

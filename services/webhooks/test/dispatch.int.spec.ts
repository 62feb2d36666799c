import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, type EventEnvelope, type WebhookBody } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import { Broker } from '@stockyard/service-kit/events';
import { createLogger, metricsRegistry } from '@stockyard/service-kit/ops';
import { eventually, startReceiver } from '@stockyard/testkit';
import { newDelivery } from '../src/domain/delivery';
import { DeliveryWorker } from '../src/delivery/worker';
import { dispatchWebhooksHandler } from '../src/events/handlers/dispatch-webhooks.handler';
import { DispatchMarks } from '../src/store/dispatch-marks.repository';
import { deliveriesOn, endpointsOn } from './support/service-parts';
import { startWebhooks, testSecrets, type Harness } from './support/webhooks';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

// A one-second retry schedule (two attempts in all) keeps retry tests short; first
// attempts are awaited 300 ms before the delivery is stored without its outcome.
let harness: Harness;
let publisher: Broker;
const receivers: Receiver[] = [];
beforeAll(async () => {
  harness = await startWebhooks('org_dispatch', {
    env: {
      WEBHOOK_URL_ALLOWLIST: '127.0.0.1',
      WEBHOOK_RETRY_SCHEDULE: '1',
      WEBHOOK_INLINE_MS: '300',
    },
  });
  publisher = new Broker(harness.config.AMQP_URL, harness.config.EVENTS_EXCHANGE, createLogger('publisher', 'silent'));
  await publisher.start();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await publisher.close();
  await harness.close();
});

async function receiverFor(orgId: string, statuses: number[], events = ['inventory.availability_changed']) {
  let calls = 0;
  const receiver = await startReceiver(() => statuses[Math.min(calls++, statuses.length - 1)]!);
  receivers.push(receiver);
  const created = await harness.request('POST', '/webhooks', { url: receiver.url, events }, { orgId });
  expect(created.status).toBe(201);
  return { receiver, endpoint: created.body as { id: string; secret: string } };
}

const availabilityChanged = (orgId: string) =>
  newEvent('inventory.availability_changed', { orgId, variantId: 'var_1', oldAvailable: 5, newAvailable: 3 });
const deliveriesOf = (orgId: string) => harness.connection.collection('webhook_deliveries').find({ orgId }).toArray();
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
const requests = (receiver: Receiver, count: number) =>
  eventually(() => (receiver.received.length >= count ? receiver.received : undefined), 10_000, 25);

it('delivers a catalog event as one signed POST, even when the event is published twice', async () => {
  const orgId = 'org_dispatch_once';
  const { receiver, endpoint } = await receiverFor(orgId, [200]);
  const event = availabilityChanged(orgId);
  await publisher.publish(event);
  await publisher.publish(event);

  const [request] = await requests(receiver, 1);
  await settle(1000);
  expect(receiver.received).toHaveLength(1);
  expect(await deliveriesOf(orgId)).toHaveLength(1);

  const { headers, rawBody } = request!;
  expect(headers['content-type']).toBe('application/json');
  expect(headers['x-stockyard-event']).toBe('inventory.availability_changed');
  expect(verifyWebhook({ secret: endpoint.secret, rawBody, header: headers['x-stockyard-signature'] as string })).toBe(
    true,
  );
  expect(verifyWebhook({ secret: 'whsec_wrong', rawBody, header: headers['x-stockyard-signature'] as string })).toBe(
    false,
  );
  const body = JSON.parse(rawBody.toString('utf8')) as WebhookBody;
  expect(body).toEqual({
    event: 'inventory.availability_changed',
    data: event.payload,
    delivery_id: expect.stringMatching(/^dlv_/),
    attempt: 1,
  });
  expect(headers['x-stockyard-delivery-id']).toBe(body.delivery_id);
});

it("stores a slow receiver's delivery as pending and claimed during the POST, then records its outcome", async () => {
  const orgId = 'org_dispatch_slow';
  let requests = 0;
  const slow = createServer((req, res) => {
    requests++;
    req.resume().on('end', () => setTimeout(() => res.writeHead(200).end('ok'), 1200));
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hooks`;
    expect(
      (await harness.request('POST', '/webhooks', { url, events: ['inventory.availability_changed'] }, { orgId }))
        .status,
    ).toBe(201);
    await publisher.publish(availabilityChanged(orgId));

    const [pending] = await eventually(
      async () => {
        const found = await deliveriesOf(orgId);
        return found.length > 0 ? found : undefined;
      },
      5000,
      25,
    );
    expect(pending).toMatchObject({ status: 'pending', attempts: [], leaseId: expect.any(String) });
    expect(pending!.leaseUntil.getTime()).toBeGreaterThan(Date.now());

    const [done] = await eventually(async () => {
      const found = await deliveriesOf(orgId);
      return found[0]?.status === 'succeeded' ? found : undefined;
    });
    expect(done).toMatchObject({
      leaseId: null,
      attempts: [expect.objectContaining({ number: 1, responseStatus: 200 })],
    });
    expect(done!.attempts[0].durationMs).toBeGreaterThanOrEqual(1000);
    expect(requests).toBe(1);
  } finally {
    slow.closeAllConnections();
    slow.close();
  }
});

it('sends only subscribed catalog events', async () => {
  const orgId = 'org_dispatch_filter';
  const { receiver } = await receiverFor(orgId, [200]);
  await publisher.publish(newEvent('product.created', { orgId, productId: 'prd_1', type: 'SIMPLE', name: 'Mug' }));
  await publisher.publish(newEvent('stock.internal_recount', { orgId, warehouseId: 'wh_1' }));
  await publisher.publish(availabilityChanged(orgId));

  await requests(receiver, 1);
  await settle(500);
  expect(receiver.received.map((r) => r.headers['x-stockyard-event'])).toEqual(['inventory.availability_changed']);
});

it('retries a failed attempt after the schedule: a 500 then a 200 gives attempt 2', async () => {
  const orgId = 'org_dispatch_retry';
  const { receiver, endpoint } = await receiverFor(orgId, [500, 200]);
  const before = await attemptCounts();
  await publisher.publish(availabilityChanged(orgId));

  const [first, second] = await requests(receiver, 2);
  const bodies = [first!, second!].map((r) => JSON.parse(r.rawBody.toString('utf8')) as WebhookBody);
  expect(bodies.map((b) => b.attempt)).toEqual([1, 2]);
  expect(bodies[1]!.delivery_id).toBe(bodies[0]!.delivery_id);
  expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
  expect(
    verifyWebhook({
      secret: endpoint.secret,
      rawBody: second!.rawBody,
      header: second!.headers['x-stockyard-signature'] as string,
    }),
  ).toBe(true);

  const [delivery] = await eventually(async () => {
    const found = await deliveriesOf(orgId);
    return found[0]?.status === 'succeeded' ? found : undefined;
  });
  expect(delivery!.attempts.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([500, 200]);
  // Its metrics: by outcome and the endpoint's state, never by endpoint or organization.
  const after = await attemptCounts();
  expect(after.refused - before.refused).toBeGreaterThanOrEqual(1);
  expect(after.delivered - before.delivered).toBeGreaterThanOrEqual(1);
  const text = await metricsRegistry.metrics();
  expect(text).not.toContain(endpoint.id);
  expect(text).not.toContain(orgId);
});

/** Attempts counted on healthy endpoints so far, by outcome. */
async function attemptCounts() {
  const text = await metricsRegistry.getSingleMetricAsString('stockyard_webhook_attempts_total');
  const count = (outcome: string) => {
    const line = text.split('\n').find((l) => l.includes(`outcome="${outcome}",endpoint_state="healthy"`));
    return line ? Number(line.split(' ').pop()) : 0;
  };
  return { delivered: count('delivered'), refused: count('refused') };
}

it('marks a delivery failed once the schedule is exhausted', async () => {
  const orgId = 'org_dispatch_exhausted';
  const { receiver } = await receiverFor(orgId, [500]);
  await publisher.publish(availabilityChanged(orgId));

  const [delivery] = await eventually(async () => {
    const found = await deliveriesOf(orgId);
    return found[0]?.status === 'failed' ? found : undefined;
  });
  expect(delivery!.attempts).toHaveLength(2);
  expect(delivery!.lastError).toBe('HTTP 500');
  await settle(1500);
  expect(receiver.received).toHaveLength(2);
});

it('creates one delivery per endpoint when the dispatcher runs twice for one event', async () => {
  const orgId = 'org_dispatch_twice';
  const [a, b] = [await receiverFor(orgId, [200]), await receiverFor(orgId, [200])];
  const { reads: endpoints, failures } = endpointsOn(harness.connection);
  const deliveries = deliveriesOn(harness.connection);
  const logger = createLogger('test', 'silent');
  const deps = {
    endpoints,
    failures,
    created: deliveries.created,
    leases: deliveries.leases,
    logger,
    send: { timeoutMs: 5000, allowlist: ['127.0.0.1'] },
    retry: { schedule: [60], jitter: 0 },
    secrets: testSecrets,
  };
  // Each run is a process of its own (a crash between them: nothing in memory).
  const dispatcher = () => {
    const marks = new DispatchMarks(harness.connection, 60_000);
    const worker = new DeliveryWorker(deliveries.reads, marks, deps, logger, { inlineMs: 5000 });
    worker.start();
    return { worker, handle: dispatchWebhooksHandler({ endpoints, deliver: (w, c) => worker.sendNew(w, c), logger }) };
  };
  const [first, second] = [dispatcher(), dispatcher()];
  const event: EventEnvelope = availabilityChanged(orgId);
  // Straight to the handlers, as a first copy, then as a redelivery and as a re-publication.
  await first.handle(event, { maybeSeenBefore: false });
  await second.handle(event, { maybeSeenBefore: true });
  await second.handle(event, { maybeSeenBefore: false });
  await Promise.all([first.worker.stop(), second.worker.stop()]);
  expect(await deliveriesOf(orgId)).toHaveLength(2);
  expect([a.receiver.received.length, b.receiver.received.length]).toEqual([1, 1]); // the second run sent nothing
  expect((await deliveriesOf(orgId)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
});

it('abandons a pending delivery whose endpoint was disabled meanwhile', async () => {
  const orgId = 'org_dispatch_disabled';
  const { receiver, endpoint } = await receiverFor(orgId, [200]);
  await harness.connection
    .collection('webhook_endpoints')
    .updateOne({ _id: endpoint.id as never }, { $set: { enabled: false } });
  const event = availabilityChanged(orgId);
  await deliveriesOn(harness.connection).created.createIfAbsent(
    newDelivery({ ...event, name: 'inventory.availability_changed' }, endpoint.id, new Date()),
  );

  const [delivery] = await eventually(async () => {
    const found = await deliveriesOf(orgId);
    return found[0]?.status === 'failed' ? found : undefined;
  });
  expect(delivery).toMatchObject({ lastError: 'endpoint disabled', attempts: [] });
  expect(receiver.received).toHaveLength(0);
});

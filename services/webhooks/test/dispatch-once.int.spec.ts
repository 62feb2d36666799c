import type { EventEnvelope, WebhookBody } from '@stockyard/contracts';
import type { Broker } from '@stockyard/service-kit/events';
import { startReceiver } from '@stockyard/testkit';
import { deliveryIdFor, newDelivery } from '../src/domain/delivery';
import {
  availabilityChanged,
  deliveriesWhen,
  requests,
  settle,
  startPublisher,
  type Receiver,
} from './support/publisher';
import { startWebhooks, type Harness } from './support/webhooks';

// Two attempts 0.2 s apart; a lease of 2 s + 3 s, the hold a crashed taker's mark keeps. A
// shorter lease runs out on a busy machine between a receiver's answer and its record, and the
// other replica then sends that delivery again, as a lease allows.
let harness: Harness;
let publisher: Broker;
const receivers: Receiver[] = [];
beforeAll(async () => {
  harness = await startWebhooks('org_once', {
    env: {
      WEBHOOK_URL_ALLOWLIST: '127.0.0.1',
      WEBHOOK_RETRY_SCHEDULE: '0.2',
      WEBHOOK_RETRY_JITTER: '0',
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_LEASE_MARGIN_MS: '3000',
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
    { url: receiver.url, events: ['inventory.availability_changed'] },
    { orgId },
  );
  expect(res.status).toBe(201);
  return { receiver, endpointId: (res.body as { id: string }).id };
}

const deliveryIds = (receiver: Receiver) => receiver.received.map((r) => (r.body as WebhookBody).delivery_id);
const deliveriesOf = (orgId: string) => harness.connection.collection('webhook_deliveries').find({ orgId }).toArray();

/** The work the dispatcher hands its worker for `event` and these endpoints. */
const workFor = (event: EventEnvelope, endpointIds: string[]) =>
  endpointIds.map((id) => ({
    delivery: newDelivery({ ...event, name: 'inventory.availability_changed' }, id, new Date()),
  }));

it('sends an event published twice, and five times at once, once per endpoint', async () => {
  const orgId = 'org_once_copies';
  const [a, b] = [await endpointFor(orgId), await endpointFor(orgId)];
  const twice = availabilityChanged(orgId, 1);
  await publisher.publish(twice);
  await publisher.publish(twice);
  const burst = availabilityChanged(orgId, 2);
  await Promise.all(Array.from({ length: 5 }, () => publisher.publish(burst)));

  await requests(a.receiver, 2);
  await requests(b.receiver, 2);
  await settle(1000);
  for (const { receiver, endpointId } of [a, b])
    expect(deliveryIds(receiver).sort()).toEqual(
      [deliveryIdFor(twice.id, endpointId), deliveryIdFor(burst.id, endpointId)].sort(),
    );
  expect(await deliveriesOf(orgId)).toHaveLength(4);
  const marks = await harness.connection.collection('webhook_dispatch_marks').find({ orgId }).toArray();
  expect(marks).toHaveLength(4);
});

it('sends once when two replicas take the same copy at the same moment', async () => {
  const orgId = 'org_once_replicas';
  const [a, b] = [await endpointFor(orgId), await endpointFor(orgId)];
  const replica = await harness.replica();
  const workers = [harness.deps.deliveries.worker, replica.deps.deliveries.worker];
  const events = Array.from({ length: 20 }, (_, n) => availabilityChanged(orgId, n));
  // Straight to both workers at once, as two consumers would be handed one event's copies.
  await Promise.all(
    events.flatMap((event) =>
      workers.map((worker) => worker.sendNew(workFor(event, [a.endpointId, b.endpointId]), { maybeSeenBefore: false })),
    ),
  );
  // And through the broker: both replicas consume the dispatcher's queue, each copy three times.
  const published = Array.from({ length: 20 }, (_, n) => availabilityChanged(orgId, 100 + n));
  await Promise.all(published.flatMap((event) => [1, 2, 3].map(() => publisher.publish(event))));

  await requests(a.receiver, 40);
  await requests(b.receiver, 40);
  await settle(1000);
  await replica.close();
  for (const { receiver, endpointId } of [a, b]) {
    const expected = [...events, ...published].map((e) => deliveryIdFor(e.id, endpointId));
    expect(deliveryIds(receiver).sort()).toEqual(expected.sort());
  }
  const stored = await deliveriesOf(orgId);
  expect(stored).toHaveLength(80);
  expect(stored.every((d) => d.status === 'succeeded' && d.attempts.length === 1)).toBe(true);
});

it('sends attempt 1 once, when the hold ends, for a copy redelivered after its taker died unstored', async () => {
  const orgId = 'org_once_crash';
  const { receiver, endpointId } = await endpointFor(orgId);
  const event = availabilityChanged(orgId, 9);
  const [work] = workFor(event, [endpointId]);
  // The taker's mark, as it left it when it died: held for another second, no delivery stored.
  const holdUntil = new Date(Date.now() + 1000);
  await harness.connection.collection('webhook_dispatch_marks').insertOne({
    _id: work!.delivery.id as never,
    orgId,
    endpointId,
    eventId: event.id,
    at: new Date(),
    holdUntil,
  });
  const worker = harness.deps.deliveries.worker;
  // A fresh copy (a re-publication) is dropped; the redelivered one stores the delivery.
  await worker.sendNew([work!], { maybeSeenBefore: false });
  await worker.sendNew([work!], { maybeSeenBefore: true });
  await worker.sendNew([work!], { maybeSeenBefore: true });
  expect(await deliveriesOf(orgId)).toEqual([expect.objectContaining({ status: 'pending', attempts: [] })]);
  expect(receiver.received).toHaveLength(0);

  const [request] = await requests(receiver, 1);
  expect(request!.at).toBeGreaterThanOrEqual(holdUntil.getTime());
  expect(request!.body).toMatchObject({ delivery_id: work!.delivery.id, attempt: 1 });
  await deliveriesWhen(harness, orgId, (docs) => docs[0]?.status === 'succeeded');
  await settle(500);
  expect(receiver.received).toHaveLength(1);
});

it('does not send a re-published event after a restart of the service, and still sends a replay', async () => {
  const orgId = 'org_once_restart';
  let failing = true;
  const { receiver, endpointId } = await endpointFor(orgId, () => (failing ? 500 : 200));
  const event = availabilityChanged(orgId, 7);
  await publisher.publish(event);
  const [failed] = await deliveriesWhen(harness, orgId, (docs) => docs[0]?.status === 'failed');
  expect(receiver.received).toHaveLength(2);

  // The restart: this process stops, a new one (nothing in memory) takes the queue.
  await harness.service.stop();
  const restarted = await harness.replica();
  failing = false;
  await publisher.publish(event);
  // A copy as RabbitMQ would redeliver it, too: the delivery is stored, nothing is sent.
  const worker = restarted.deps.deliveries.worker;
  await worker.sendNew(workFor(event, [endpointId]), { maybeSeenBefore: true });
  await settle(1500);
  expect(receiver.received).toHaveLength(2);

  // The partner's replay is sent as attempt 3, with the same delivery id.
  const replay = await restarted.request('POST', `/webhooks/deliveries/${failed!._id}/replay`, undefined, { orgId });
  expect(replay.status).toBe(201);
  await requests(receiver, 3);
  expect(receiver.received[2]!.body).toMatchObject({ delivery_id: deliveryIdFor(event.id, endpointId), attempt: 3 });
  await publisher.publish(event);
  await settle(1000);
  expect(receiver.received).toHaveLength(3);
  await restarted.close();
});

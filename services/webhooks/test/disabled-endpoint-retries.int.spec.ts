import { startReceiver } from '@stockyard/testkit';
import type { Broker } from '@stockyard/service-kit/events';
import type { NewDelivery } from '../src/domain/delivery';
import type { DeliveryDoc } from '../src/store/delivery.model';
import { availabilityChanged, deliveriesWhen, startPublisher, type Receiver } from './support/publisher';
import { deliveriesOn } from './support/service-parts';
import { startWebhooks, type Harness } from './support/webhooks';

/**
 * Once an endpoint is disabled, its pending deliveries stop retrying at once (failed,
 * `endpoint disabled`, replayable), instead of each waiting for its next attempt, up to a day
 * later. Before, failing endpoints left about 2,800 deliveries retrying after a restart.
 */
let harness: Harness;
let publisher: Broker;
let receiver: Receiver;
let status = 500;
beforeAll(async () => {
  // Two attempts 0.1 s apart: a delivery to a failing endpoint ends failed quickly.
  harness = await startWebhooks('org_disabled', {
    env: {
      WEBHOOK_URL_ALLOWLIST: '127.0.0.1',
      WEBHOOK_RETRY_SCHEDULE: '0.1',
      WEBHOOK_RETRY_JITTER: '0',
    },
  });
  publisher = await startPublisher(harness);
  receiver = await startReceiver(() => status);
});
afterAll(async () => {
  await receiver.close();
  await publisher.close();
  await harness.close();
});

/** Deliveries already retrying: one failed attempt each, the next due in an hour. */
async function retrying(orgId: string, endpointId: string, count: number): Promise<string[]> {
  const { created } = deliveriesOn(harness.connection);
  const ids = Array.from({ length: count }, (_, i) => `dlv_retrying_${orgId}_${i}`);
  for (const id of ids) {
    const delivery: NewDelivery = {
      id,
      orgId,
      endpointId,
      eventId: `evt_${id}`,
      event: 'inventory.availability_changed',
      payload: { orgId },
      status: 'pending',
      attempts: [
        { number: 1, at: new Date(), responseStatus: 500, durationMs: 3, error: 'HTTP 500', responseBody: null },
      ],
      nextAttemptAt: new Date(Date.now() + 3_600_000),
      lastError: 'HTTP 500',
    };
    await created.createIfAbsent(delivery);
  }
  return ids;
}

async function endpointFor(orgId: string): Promise<string> {
  const res = await harness.request(
    'POST',
    '/webhooks',
    { url: receiver.url, events: ['inventory.availability_changed'] },
    { orgId },
  );
  return res.body.id;
}

const closedAsDisabled = (ids: string[]) => (docs: DeliveryDoc[]) =>
  ids.every((id) => {
    const doc = docs.find((d) => d._id === id);
    return doc?.status === 'failed' && doc.nextAttemptAt === null && doc.lastError === 'endpoint disabled';
  });

it('closes the pending deliveries of an endpoint the failure rule disabled, with no request, replayable', async () => {
  const orgId = 'org_disabled_auto';
  status = 500;
  const endpointId = await endpointFor(orgId);
  const waiting = await retrying(orgId, endpointId, 20);
  for (let i = 0; i < 5; i++) await publisher.publish(availabilityChanged(orgId, i));
  await deliveriesWhen(harness, orgId, closedAsDisabled(waiting), 20_000);
  const endpoint = (await harness.request('GET', '/webhooks', undefined, { orgId })).body.data[0];
  expect(endpoint).toMatchObject({ enabled: false, consecutiveFailures: 5 });
  expect(receiver.received.filter((r) => (r.body as { data: { orgId: string } }).data.orgId === orgId)).toHaveLength(
    10,
  );

  // The replay route remains: refused while disabled, then attempt 2 once re-enabled.
  const replay = () => harness.request('POST', `/webhooks/deliveries/${waiting[0]}/replay`, undefined, { orgId });
  expect((await replay()).status).toBe(409);
  status = 200;
  expect((await harness.request('PATCH', `/webhooks/${endpointId}`, { enabled: true }, { orgId })).status).toBe(200);
  expect((await replay()).status).toBe(201);
  const [done] = await deliveriesWhen(harness, orgId, (docs) =>
    docs.some((d) => d._id === waiting[0] && d.status === 'succeeded'),
  );
  expect(done).toBeDefined();
});

it('closes them too when the endpoint is disabled by hand (PATCH enabled: false)', async () => {
  const orgId = 'org_disabled_patch';
  const endpointId = await endpointFor(orgId);
  const waiting = await retrying(orgId, endpointId, 5);
  expect((await harness.request('PATCH', `/webhooks/${endpointId}`, { enabled: false }, { orgId })).status).toBe(200);
  await deliveriesWhen(harness, orgId, closedAsDisabled(waiting), 5_000);
});

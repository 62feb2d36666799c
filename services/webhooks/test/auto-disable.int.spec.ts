import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually, startReceiver } from '@stockyard/testkit';
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

// Two attempts 0.1 s apart, at most 1.5 s apart when a receiver asks for longer.
let harness: Harness;
let publisher: Broker;
const receivers: Receiver[] = [];
beforeAll(async () => {
  harness = await startWebhooks('org_autodisable', {
    env: {
      WEBHOOK_URL_ALLOWLIST: '127.0.0.1',
      WEBHOOK_RETRY_SCHEDULE: '0.1,1.5',
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

let status = 500;
async function endpointFor(orgId: string) {
  const receiver = await startReceiver(() => status);
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
  return { receiver, endpoint: res.body as { id: string } };
}
const endpointState = async (orgId: string, id: string) =>
  (await harness.request('GET', '/webhooks', undefined, { orgId })).body.data.find((e: { id: string }) => e.id === id);
/** The count is updated just after a delivery's last attempt is recorded: wait for it. */
const countReaches = (orgId: string, id: string, failures: number) =>
  eventually(
    async () => {
      const endpoint = await endpointState(orgId, id);
      return endpoint.consecutiveFailures === failures ? endpoint : undefined;
    },
    5000,
    50,
  );
const failAll = async (orgId: string, count: number, alreadyEnded: number) => {
  for (let i = 0; i < count; i++) await publisher.publish(availabilityChanged(orgId, i));
  return deliveriesWhen(
    harness,
    orgId,
    (docs) => docs.filter((d) => d.status === 'failed').length === alreadyEnded + count,
    20_000,
  );
};

it('disables an endpoint after 5 straight failed deliveries: no new deliveries until PATCH re-enables it', async () => {
  const orgId = 'org_autodisable';
  status = 500;
  const { endpoint, receiver } = await endpointFor(orgId);
  await failAll(orgId, 4, 0);
  expect(await countReaches(orgId, endpoint.id, 4)).toMatchObject({ enabled: true });
  await failAll(orgId, 1, 4);
  const disabled = await countReaches(orgId, endpoint.id, 5);
  expect(disabled).toMatchObject({ enabled: false, consecutiveFailures: 5, disabledAt: expect.any(String) });

  // While disabled: no delivery is created, nothing is sent.
  const sent = receiver.received.length;
  await publisher.publish(availabilityChanged(orgId, 99));
  await settle(800);
  expect(await harness.connection.collection('webhook_deliveries').countDocuments({ orgId })).toBe(5);
  expect(receiver.received).toHaveLength(sent);

  status = 200;
  const res = await harness.request('PATCH', `/webhooks/${endpoint.id}`, { enabled: true }, { orgId });
  expect(res.body).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledAt: null });
  await publisher.publish(availabilityChanged(orgId, 100));
  await deliveriesWhen(harness, orgId, (docs) => docs.some((d) => d.status === 'succeeded'));
});

it('resets the count on a successful delivery', async () => {
  const orgId = 'org_autodisable_reset';
  status = 500;
  const { endpoint } = await endpointFor(orgId);
  await failAll(orgId, 4, 0);
  await countReaches(orgId, endpoint.id, 4);
  status = 200;
  await publisher.publish(availabilityChanged(orgId, 50));
  expect(await countReaches(orgId, endpoint.id, 0)).toMatchObject({ enabled: true });
  status = 500;
  await failAll(orgId, 4, 4);
  expect(await countReaches(orgId, endpoint.id, 4)).toMatchObject({ enabled: true });
});

it("waits longer when the receiver's Retry-After asks for it, capped at the longest step", async () => {
  const arrivals: number[] = [];
  const server = http.createServer((req, res) => {
    arrivals.push(Date.now());
    req.resume();
    if (arrivals.length === 1) res.writeHead(429, { 'Retry-After': '1' }).end();
    else res.writeHead(200).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const orgId = 'org_retry_after';
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/h`;
  await harness.request('POST', '/webhooks', { url, events: ['inventory.availability_changed'] }, { orgId });
  await publisher.publish(availabilityChanged(orgId));
  await deliveriesWhen(harness, orgId, (docs) => docs[0]?.status === 'succeeded');
  // The schedule says 0.1 s; the receiver asked for 1 s.
  expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(950);
  server.close();
});

it('ends a delivery failed after the whole schedule, with every attempt recorded', async () => {
  const orgId = 'org_all_attempts';
  status = 503;
  const { receiver } = await endpointFor(orgId);
  await publisher.publish(availabilityChanged(orgId));
  const [doc] = await deliveriesWhen(harness, orgId, (docs) => docs[0]?.status === 'failed', 15_000);
  expect(doc!.attempts.map((a) => [a.number, a.responseStatus])).toEqual([
    [1, 503],
    [2, 503],
    [3, 503],
  ]);
  expect((await requests(receiver, 3)).map((r) => (r.body as { attempt: number }).attempt)).toEqual([1, 2, 3]);
});

import type { WebhookDelivery } from '@stockyard/contracts';
import { Broker } from '@stockyard/service-kit/events';
import { createLogger } from '@stockyard/service-kit/ops';
import { eventually, freePort, infraEnv, startStack, type Stack } from '@stockyard/testkit';
import { ControlledReceiver } from './support/controlled-receiver';
import { availabilityChanged } from './support/publisher';
import { deleteBrokerTopology, DISPATCHER_QUEUES, gatewayClient } from './support/stack-client';

/**
 * The webhooks service as a real process behind the gateway, against the real broker
 * and store. Schedule: 8 attempts 0.2 s apart. A claim lasts timeout (3 s) + 1 s, so a
 * killed worker's delivery is taken over 4 s later.
 */
jest.setTimeout(60_000);
let stack: Stack;
let publisher: Broker;
let api: ReturnType<typeof gatewayClient>;
let orgId: string;
const receivers: ControlledReceiver[] = [];

beforeAll(async () => {
  stack = await startStack(['webhooks'], {
    webhooks: {
      WEBHOOK_URL_ALLOWLIST: '127.0.0.1',
      WEBHOOK_RETRY_SCHEDULE: '0.2,0.2,0.2,0.2,0.2,0.2,0.2',
      WEBHOOK_TIMEOUT_MS: '3000',
      WEBHOOK_LEASE_MARGIN_MS: '1000',
    },
    // The tests poll delivery history through the gateway: above the default 300/min.
    gateway: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  const org = stack.bootstrapOrg('Nothing lost');
  orgId = org.orgId;
  api = gatewayClient(stack, org.adminKey);
  publisher = new Broker(infraEnv().amqpUrl, stack.exchange, createLogger('publisher', 'silent'));
  await publisher.start();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await publisher?.close();
  await stack?.destroy();
  if (stack) await deleteBrokerTopology(stack.exchange, DISPATCHER_QUEUES(stack.exchange));
});

async function endpointAt(receiver: ControlledReceiver | string) {
  const url = typeof receiver === 'string' ? receiver : receiver.url;
  const res = await api('POST', '/webhooks', { url, events: ['inventory.availability_changed'] });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}
const deliveries = async (endpointId: string) =>
  (await api('GET', `/webhooks/${endpointId}/deliveries?limit=200`)).body.data as WebhookDelivery[];
const allSucceeded = (endpointId: string, count: number) =>
  eventually(
    async () => {
      const list = await deliveries(endpointId);
      return list.length === count && list.every((d) => d.status === 'succeeded') ? list : undefined;
    },
    30_000,
    250,
  );
const newReceiver = async (port?: number) => {
  const receiver = await new ControlledReceiver().listen(port);
  receivers.push(receiver);
  return receiver;
};

it('delivers every event after the dispatcher is SIGKILLed with a delivery in flight', async () => {
  const receiver = await newReceiver();
  const endpoint = await endpointAt(receiver);
  const webhooks = stack.services.webhooks!;
  receiver.holdNext = true;
  const events = Array.from({ length: 30 }, (_, i) => availabilityChanged(orgId, i));
  for (const event of events) await publisher.publish(event);

  await eventually(() => (receiver.held.length === 1 ? true : undefined), 10_000, 10);
  await webhooks.stop('SIGKILL');
  await webhooks.start();

  const list = await allSucceeded(endpoint.id, events.length);
  expect(new Set(list.map((d) => d.eventId))).toEqual(new Set(events.map((e) => e.id)));
  expect(receiver.answered.size).toBe(events.length);
  // The one in flight was sent again (the spec's crash window); receivers dedupe on its id.
  expect(receiver.answered.has(receiver.held[0]!.deliveryId)).toBe(true);
});

it('delivers the events published while the dispatcher was down once it returns', async () => {
  const receiver = await newReceiver();
  const endpoint = await endpointAt(receiver);
  const webhooks = stack.services.webhooks!;
  await webhooks.stop('SIGKILL');
  const events = Array.from({ length: 10 }, (_, i) => availabilityChanged(orgId, 100 + i));
  for (const event of events) await publisher.publish(event);
  await webhooks.start();

  await allSucceeded(endpoint.id, events.length);
  expect(receiver.answered.size).toBe(events.length);
});

it('fails a delivery if the receiver is down all schedule; a replay once it is up succeeds as attempt 9', async () => {
  const port = await freePort();
  const endpoint = await endpointAt(`http://127.0.0.1:${port}/hooks`);
  await publisher.publish(availabilityChanged(orgId, 999));

  const [failed] = await eventually(
    async () => {
      const list = await deliveries(endpoint.id);
      return list[0]?.status === 'failed' ? list : undefined;
    },
    30_000,
    250,
  );
  expect(failed!.attemptCount).toBe(8);
  expect(failed!.attempts.every((a) => /ECONNREFUSED/.test(a.error ?? ''))).toBe(true);

  const receiver = await newReceiver(port);
  const replay = await api('POST', `/webhooks/deliveries/${failed!.id}/replay`);
  expect(replay.status).toBe(201);
  const [succeeded] = await allSucceeded(endpoint.id, 1);
  expect(succeeded!.attemptCount).toBe(9);
  expect(receiver.arrivals).toEqual([expect.objectContaining({ deliveryId: failed!.id, attempt: 9 })]);
});

import { asCaller, eventually, startReceiver } from '@stockyard/testkit';
import type { Broker } from '@stockyard/service-kit/events';
import { tailDeliveries } from '../src/cli/tail-loop';
import { availabilityChanged, deliveriesWhen, startPublisher, type Receiver } from './support/publisher';
import { startWebhooks, type Harness } from './support/webhooks';

let harness: Harness;
let publisher: Broker;
let receiver: Receiver;
beforeAll(async () => {
  harness = await startWebhooks('org_tail', {
    env: {
      WEBHOOK_URL_ALLOWLIST: '127.0.0.1',
      WEBHOOK_RETRY_SCHEDULE: '0.2',
      WEBHOOK_RETRY_JITTER: '0',
    },
  });
  publisher = await startPublisher(harness);
  let calls = 0;
  receiver = await startReceiver(() => (calls++ === 1 ? 503 : 200));
});
afterAll(async () => {
  await receiver.close();
  await publisher.close();
  await harness.close();
});

it('prints each new attempt once, live, and only what happens after it started', async () => {
  const orgId = 'org_tail';
  const { body: endpoint } = await harness.request(
    'POST',
    '/webhooks',
    {
      url: receiver.url,
      events: ['inventory.availability_changed'],
    },
    { orgId },
  );
  await publisher.publish(availabilityChanged(orgId, 1)); // before the tail: not printed
  await deliveriesWhen(harness, orgId, (docs) => docs[0]?.status === 'succeeded');

  const lines: string[] = [];
  const controller = new AbortController();
  const tail = tailDeliveries({
    baseUrl: harness.url,
    headers: asCaller(orgId, ['webhooks.manage']),
    endpointId: endpoint.id,
    intervalMs: 100,
    all: false,
    print: (line) => lines.push(line),
    color: false,
    signal: controller.signal,
  });
  await eventually(() => (lines.length === 1 ? true : undefined));
  await publisher.publish(availabilityChanged(orgId, 2)); // 503, then 200 as attempt 2
  await eventually(() => (lines.length >= 3 ? true : undefined));
  await new Promise((r) => setTimeout(r, 300));
  controller.abort();
  await tail;

  expect(lines[0]).toBe(`Ready! Tailing deliveries of ${endpoint.id} (Ctrl-C to quit)`);
  expect(lines.slice(1)).toEqual([
    expect.stringMatching(
      /--> inventory\.availability_changed \[dlv_\S+\] #1 {2}HTTP 503 {2}\(\d+ ms\)( {2}next attempt .*)?$/,
    ),
    expect.stringMatching(/--> inventory\.availability_changed \[dlv_\S+\] #2 {2}200 OK {2}\(\d+ ms\)$/),
  ]);
});

it('stops with the error of an unknown endpoint', async () => {
  const run = tailDeliveries({
    baseUrl: harness.url,
    headers: asCaller('org_tail', ['webhooks.manage']),
    endpointId: 'we_nope',
    intervalMs: 100,
    all: true,
    print: () => undefined,
    color: false,
    signal: new AbortController().signal,
  });
  await expect(run).rejects.toThrow(/404 resource_not_found/);
});

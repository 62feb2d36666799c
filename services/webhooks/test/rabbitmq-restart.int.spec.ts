import { eventually, startStack, type Stack } from '@stockyard/testkit';
import { catalogVariants } from './support/catalog-variants';
import { ControlledReceiver } from './support/controlled-receiver';
import { RabbitNode } from './support/rabbit-node';
import { gatewayClient } from './support/stack-client';

/**
 * RabbitMQ restarted while stock keeps moving through the public API: the inventory
 * service's outbox relay (publisher) and the webhooks dispatcher reconnect by themselves
 * and every availability event becomes a delivery. The broker is a node of this test's
 * own (RabbitNode), never the machine's shared one.
 */
jest.setTimeout(90_000);
let node: RabbitNode;
let stack: Stack;
const receiver = new ControlledReceiver();

beforeAll(async () => {
  node = await RabbitNode.create();
  await node.start();
  await receiver.listen();
  stack = await startStack(['inventory', 'webhooks'], {
    inventory: { AMQP_URL: node.amqpUrl },
    webhooks: { AMQP_URL: node.amqpUrl, WEBHOOK_URL_ALLOWLIST: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '0.5,0.5,0.5' },
    gateway: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
});
afterAll(async () => {
  await stack?.destroy();
  await receiver.close();
  await node?.destroy();
});

it('loses no event when the broker restarts under load', async () => {
  const { adminKey, orgId } = stack.bootstrapOrg('Chaos');
  // No catalog in this stack: the variant is published as the catalog would (stock needs a known variant).
  await catalogVariants(stack, node.amqpUrl, orgId, ['var_chaos']);
  const api = gatewayClient(stack, adminKey);
  expect(
    (await api('POST', '/webhooks', { url: receiver.url, events: ['inventory.availability_changed'] })).status,
  ).toBe(201);
  const { body: warehouse } = await api('POST', '/warehouses', { name: 'Main' });

  // One unit at a time: adjust n leaves newAvailable = n, so each event is identifiable.
  let adjusted = 0;
  let running = true;
  const failures: number[] = [];
  const load = (async () => {
    while (running) {
      const res = await api('POST', '/stock/adjust', {
        variantId: 'var_chaos',
        warehouseId: warehouse.id,
        quantity: 1,
        reason: 'chaos',
      });
      if (res.status === 201) adjusted++;
      else failures.push(res.status);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();

  await eventually(() => (receiver.answered.size >= 5 ? true : undefined), 15_000, 50);
  await node.stop();
  await new Promise((r) => setTimeout(r, 1500));
  await node.start();
  const afterRestart = adjusted;
  await eventually(() => (adjusted >= afterRestart + 10 ? true : undefined), 20_000, 50);
  running = false;
  await load;

  expect(failures).toEqual([]);
  const expected = Array.from({ length: adjusted }, (_, i) => i + 1);
  const received = await eventually(
    () => {
      const values = new Set(receiver.arrivals.map((a) => a.data.newAvailable as number));
      return values.size >= adjusted ? values : undefined;
    },
    30_000,
    100,
  ).catch(() => new Set(receiver.arrivals.map((a) => a.data.newAvailable as number)));
  expect([...received].sort((a, b) => a - b)).toEqual(expected);
});

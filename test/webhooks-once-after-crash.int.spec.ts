import mongoose from 'mongoose';
import type { WebhookBody } from '@stockyard/contracts';
import { eventually, infraEnv, json, startReceiver, startStack, tapEvents, type Stack } from '@stockyard/testkit';
import { stackVariants } from '../services/inventory/test/support/stack-variants';

const ADJUSTS = 150;
const PARALLEL = 10;

/**
 * Issue #30: a producer's outbox relay publishes at least once, so a service killed with
 * SIGKILL re-publishes, after its restart, the events it had published but not yet cleared.
 * Here inventory is killed right after a burst of stock adjusts (each emits the public
 * inventory.availability_changed), the webhooks service is restarted too (its memory is
 * then only what it stored), inventory comes back and re-publishes: every event still
 * reaches the partner exactly once.
 */
describe('webhooks deliver each event once across a producer crash and a webhooks restart', () => {
  let stack: Stack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let tap: Awaited<ReturnType<typeof tapEvents>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startStack(['inventory', 'webhooks'], {
      // Published entries wait for their document's next write to be cleared: none comes,
      // so every event of the burst is still in an outbox when the kill lands.
      inventory: { OUTBOX_FOLD_MS: '600000' },
      webhooks: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1' },
      gateway: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    tap = await tapEvents(infraEnv().amqpUrl, stack.exchange, ['inventory.availability_changed']);
  });

  afterAll(async () => {
    await tap?.close();
    await stack?.destroy();
    await receiver?.close();
  });

  it('sends each availability event of a burst once after inventory is SIGKILLed and restarted', async () => {
    const { adminKey: key, orgId } = stack.bootstrapOrg();
    // No catalog in this stack: the variants are published as the catalog would (stock needs a known variant).
    const seedDb = await mongoose
      .createConnection(infraEnv().mongoUrl, { dbName: stack.databases.inventory })
      .asPromise();
    await stackVariants(
      stack.exchange,
      seedDb,
      orgId,
      Array.from({ length: ADJUSTS }, (_, n) => `var_b${n}`),
    );
    await seedDb.close();
    const call = async (route: string, body: unknown) =>
      fetch(`${stack.gatewayUrl}/api/v1${route}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await call('/webhooks', { url: receiver.url, events: ['inventory.availability_changed'] })).status).toBe(
      201,
    );
    const { id: warehouseId } = await json(await call('/warehouses', { name: 'Main' }));

    // The burst: one adjust per variant, PARALLEL at a time; then the kill, at once.
    let next = 0;
    const lane = async () => {
      for (let n = next++; n < ADJUSTS; n = next++) {
        const res = await call('/stock/adjust', { variantId: `var_b${n}`, warehouseId, quantity: 5, reason: 'burst' });
        expect(res.status).toBe(201);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, lane));
    const { inventory, webhooks } = stack.services;
    await inventory!.stop('SIGKILL');

    // A restart of the webhooks service: what it delivered is remembered in its store only.
    await eventually(() => (receiver.received.length >= ADJUSTS * 0.5 ? true : undefined), 60_000, 50);
    await webhooks!.stop();
    await webhooks!.start();
    await inventory!.start({ OUTBOX_INTERVAL_MS: '300' });

    // The restarted relay re-publishes what was still in the outboxes: copies on the exchange.
    const copies = () => tap.named('inventory.availability_changed').length;
    await eventually(() => (copies() > ADJUSTS ? true : undefined), 60_000, 100);
    await eventually(() => (receiver.received.length >= ADJUSTS ? true : undefined), 60_000, 50);
    await new Promise((r) => setTimeout(r, 3000));

    const byEvent = new Map<string, number>();
    for (const { body } of receiver.received) {
      const { data, delivery_id } = body as WebhookBody & { data: { variantId: string } };
      // One endpoint: a delivery id stands for one event (it derives from the event id and the endpoint).
      byEvent.set(delivery_id, (byEvent.get(delivery_id) ?? 0) + 1);
      expect(data.variantId).toMatch(/^var_b\d+$/);
    }
    const repeated = [...byEvent].filter(([, count]) => count > 1);
    expect({ events: byEvent.size, repeated: repeated.length }).toEqual({ events: ADJUSTS, repeated: 0 });
    expect(new Set(receiver.received.map((r) => (r.body as { data: { variantId: string } }).data.variantId)).size).toBe(
      ADJUSTS,
    );
    expect(copies()).toBeGreaterThan(ADJUSTS);
  }, 300_000); // two restarts: a process starting under load takes tens of seconds
});

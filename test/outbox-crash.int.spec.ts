import mongoose from 'mongoose';
import { verifyWebhook, WEBHOOK_HEADERS } from '@stockyard/contracts';
import { eventually, infraEnv, json, startReceiver, startStack, type Stack } from '@stockyard/testkit';
import { stackVariants } from '../services/inventory/test/support/stack-variants';

/**
 * The inventory service is killed with SIGKILL right after it answered an adjust,
 * before its outbox relay published the event. After a restart the event goes out.
 */
describe('an event survives SIGKILL of the service that wrote it', () => {
  let stack: Stack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startStack(['inventory', 'webhooks'], {
      // Only the periodic sweep publishes, and not for 10 minutes: the kill lands in the window.
      inventory: { OUTBOX_EAGER: 'false', OUTBOX_INTERVAL_MS: '600000' },
      webhooks: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1' },
    });
  });

  afterAll(async () => {
    await stack?.destroy();
    await receiver?.close();
  });

  it('delivers the availability event after the killed inventory service restarts', async () => {
    const { adminKey: key, orgId } = stack.bootstrapOrg();
    // No catalog in this stack: the variant is published as the catalog would (stock needs a known variant).
    const seedDb = await mongoose
      .createConnection(infraEnv().mongoUrl, { dbName: stack.databases.inventory })
      .asPromise();
    await stackVariants(stack.exchange, seedDb, orgId, ['var_crash']);
    await seedDb.close();
    const call = (route: string, body: unknown) =>
      fetch(`${stack.gatewayUrl}/api/v1${route}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const endpoint = await json(
      await call('/webhooks', { url: receiver.url, events: ['inventory.availability_changed'] }),
    );
    const { id: warehouseId } = await json(await call('/warehouses', { name: 'Main' }));
    const adjusted = await call('/stock/adjust', {
      variantId: 'var_crash',
      warehouseId,
      quantity: 7,
      reason: 'crash test',
    });
    expect(adjusted.status).toBe(201);

    const inventory = stack.services.inventory!;
    await inventory.stop('SIGKILL');

    // The change is stored with its unpublished event, and nothing was delivered.
    const db = await mongoose.createConnection(infraEnv().mongoUrl, { dbName: stack.databases.inventory }).asPromise();
    const level = await db.collection('stock_levels').findOne({ variantId: 'var_crash' });
    await db.close();
    // The movement, the availability change, its value (stock valuation), its audit record, and the
    // level's first place (a local index update): all in the one write.
    const names = (level?.outbox as { body: string }[]).map((e) => (JSON.parse(e.body) as { name: string }).name);
    expect(names).toEqual([
      'stock.movement_recorded',
      'inventory.availability_changed',
      'stock.valuation_recorded',
      'audit.recorded',
      'stock.level_places_changed',
    ]);
    expect(receiver.received).toHaveLength(0);

    await inventory.start({ OUTBOX_EAGER: 'true', OUTBOX_INTERVAL_MS: '1000' });
    const delivery = await eventually(() => receiver.received[0]);
    expect(delivery.body).toMatchObject({
      event: 'inventory.availability_changed',
      data: { variantId: 'var_crash', oldAvailable: 0, newAvailable: 7 },
      attempt: 1,
    });
    expect(
      verifyWebhook({
        secret: endpoint.secret,
        rawBody: delivery.rawBody,
        header: delivery.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string,
      }),
    ).toBe(true);
  });
});

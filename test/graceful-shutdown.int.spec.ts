import mongoose from 'mongoose';
import { asCaller, infraEnv, startStack, type Stack } from '@stockyard/testkit';
import { stackVariants } from '../services/inventory/test/support/stack-variants';

/**
 * SIGTERM while requests are in flight: the service stops accepting, finishes what it
 * accepted, publishes what it wrote, and exits 0. Every request that got an answer
 * got a complete one, and every 201 left exactly one movement behind.
 */
describe('graceful shutdown on SIGTERM', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack(['inventory']);
    // No catalog in this stack: the variant is published as the catalog would (stock needs a known variant).
    const db = await mongoose.createConnection(infraEnv().mongoUrl, { dbName: stack.databases.inventory }).asPromise();
    await stackVariants(stack.exchange, db, 'org_shutdown', ['var_drain']);
    await db.close();
  });

  afterAll(async () => {
    await stack?.destroy();
  });

  it('finishes accepted requests and exits 0', async () => {
    const inventory = stack.services.inventory!;
    const headers = asCaller('org_shutdown', ['stock.adjust']);
    const made = await fetch(`${inventory.url}/api/v1/warehouses`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Main' }),
    });
    const { id: warehouseId } = (await made.json()) as { id: string };
    const adjust = () =>
      fetch(`${inventory.url}/api/v1/stock/adjust`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ variantId: 'var_drain', warehouseId, quantity: 1, reason: 'drain' }),
      }).then(
        (res) => res.status,
        () => 'refused' as const,
      );

    const inFlight = Array.from({ length: 60 }, adjust);
    await new Promise((r) => setTimeout(r, 20));
    const exitCode = await inventory.stop('SIGTERM');
    const outcomes = await Promise.all(inFlight);

    expect(exitCode).toBe(0);
    expect(outcomes.every((o) => o === 201 || o === 'refused')).toBe(true);
    const created = outcomes.filter((o) => o === 201).length;
    expect(created).toBeGreaterThan(0);

    const db = await mongoose.createConnection(infraEnv().mongoUrl, { dbName: stack.databases.inventory }).asPromise();
    const level = await db.collection('stock_levels').findOne({ variantId: 'var_drain' });
    const movements = await db.collection('stock_movements').countDocuments({ variantId: 'var_drain' });
    await db.close();
    expect(level?.locations[0].onHand).toBe(created);
    expect(movements).toBe(created);
    expect(level?.outbox ?? []).toEqual([]); // the relay published everything before exiting
  });
});

import mongoose from 'mongoose';
import { asCaller, eventually, infraEnv, startStack, type Stack } from '@stockyard/testkit';
import { stackVariants } from '../services/inventory/test/support/stack-variants';

/**
 * SIGTERM while requests are in flight: /readyz turns 503 at once while the service still
 * serves for SHUTDOWN_DELAY_MS (an orchestrator drops it from its endpoints meanwhile); then it
 * stops accepting, finishes what it accepted, publishes what it wrote, and exits 0. Every
 * request that got an answer got a complete one, and every 201 left exactly one movement behind.
 */
describe('graceful shutdown on SIGTERM', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack(['inventory'], { inventory: { SHUTDOWN_DELAY_MS: '5000' } });
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
    const exiting = inventory.stop('SIGTERM');
    const probe = async (path: string) => {
      const res = await fetch(`${inventory.url}${path}`);
      return { status: res.status, body: (await res.json()) as { status: string } };
    };
    const ready = await eventually(async () => {
      const answer = await probe('/readyz');
      return answer.status === 503 ? answer : undefined;
    });
    expect(ready.body.status).toBe('draining');
    expect((await probe('/livez')).status).toBe(200);
    inFlight.push(adjust()); // still served while draining: the listener closes after the delay
    const exitCode = await exiting;
    const outcomes = await Promise.all(inFlight);

    if (exitCode !== 0) throw new Error(`exited with ${exitCode}:\n${inventory.logs()}`);
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

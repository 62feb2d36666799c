import { randomBytes } from 'node:crypto';
import amqp from 'amqplib';
import { eventually, infraEnv, startService } from '@stockyard/testkit';
import { inventory } from '../../inventory/src/app';
import { startCatalog, type Catalog } from './support/catalog';
import { variantInInventory } from './support/inventory-peer';

const ORG = 'org_bundle_available';

/** Catalog and inventory on one exchange: the catalog's bundle events reach inventory, which computes availability. */
describe('bundle availability on GET /products/{id}', () => {
  let inv: Awaited<ReturnType<typeof startService<never, never>>>;
  let c: Catalog;
  let warehouseId: string;
  const exchange = `stockyard.test.bundles.${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    const permissions = ['warehouses.manage', 'stock.adjust'];
    inv = (await startService(inventory, { orgId: ORG, permissions, env: { EVENTS_EXCHANGE: exchange } })) as never;
    c = await startCatalog(ORG, { env: { EVENTS_EXCHANGE: exchange, INVENTORY_URL: inv.url } });
    warehouseId = (await inv.request('POST', '/warehouses', { name: 'Main' })).body.id;
  });
  afterAll(async () => {
    await c.close();
    await inv.close();
    // The harnesses' taps drop their own exchanges; this shared one is the test's to drop.
    const connection = await amqp.connect(infraEnv().amqpUrl);
    await (await connection.createChannel()).deleteExchange(exchange);
    await connection.close();
  });

  // Stock only for variants inventory knows: the catalog's variant.upserted must reach it first.
  const stock = async (variantId: string, quantity: number) => {
    await variantInInventory(inv, ORG, variantId);
    return inv.request('POST', '/stock/adjust', { variantId, warehouseId, quantity, reason: 'test' });
  };

  // inventory.availability_changed for the bundle's variant: services/inventory/test/bundle-availability.int.spec.ts
  it('shows how many its components make, once they have stock', async () => {
    const [pen, ink] = await Promise.all([c.product({ name: 'Pen' }), c.product({ name: 'Ink' })]);
    const kit = await c.product({
      type: 'BUNDLE',
      name: 'Writing set',
      components: [
        { variantId: c.variantOf(pen), quantity: 1 },
        { variantId: c.variantOf(ink), quantity: 2 },
      ],
    });
    await stock(c.variantOf(pen), 10);
    await stock(c.variantOf(ink), 7);
    const shown = await eventually(async () => {
      const res = await c.request('GET', `/products/${kit.id}`);
      return res.body.available === 3 ? res.body : undefined;
    });
    expect(shown).toMatchObject({ type: 'BUNDLE', available: 3 });
  });

  it('shows available: null while inventory does not answer, and the product still reads', async () => {
    const down = await startCatalog('org_bundle_down', { env: { INVENTORY_URL: 'http://127.0.0.1:1' } });
    try {
      const kit = await down.product({ type: 'BUNDLE', name: 'Lonely kit' });
      const res = await down.request('GET', `/products/${kit.id}`);
      expect(res.status).toBe(200);
      expect(res.body.available).toBeNull();
    } finally {
      await down.close();
    }
  });
});

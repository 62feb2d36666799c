import { createServer, type Server } from 'node:net';
import { startService } from '@stockyard/testkit';
import { inventory } from '../../inventory/src/app';
import { eventOf, startCatalog, type Catalog } from './support/catalog';
import { routeVariantEvents, variantInInventory } from './support/inventory-peer';

const ORG = 'org_convert';

describe('GET /products/{id}/convert/preflight and POST /products/{id}/convert', () => {
  let inv: Awaited<ReturnType<typeof startService<never, never>>>;
  let c: Catalog;
  let warehouseId: string;
  beforeAll(async () => {
    inv = (await startService(inventory, { orgId: ORG, permissions: ['warehouses.manage', 'stock.adjust'] })) as never;
    c = await startCatalog(ORG, { env: { INVENTORY_URL: inv.url } });
    // Inventory stocks only catalog variants: it hears of the catalog's as on one shared exchange.
    const inventoryConfig = inv.config as { EVENTS_EXCHANGE: string }; // `inv` is typed loosely (never)
    await routeVariantEvents(c.config.EVENTS_EXCHANGE, inventoryConfig.EVENTS_EXCHANGE);
    warehouseId = (await inv.request('POST', '/warehouses', { name: 'Main' })).body.id;
  });
  afterAll(async () => {
    await c.close();
    await inv.close();
  });

  const stock = async (variantId: string, quantity: number) => {
    await variantInInventory(inv, ORG, variantId);
    return inv.request('POST', '/stock/adjust', { variantId, warehouseId, quantity, reason: 'test' });
  };
  const preflight = async (id: string, targetType: string) =>
    (await c.request('GET', `/products/${id}/convert/preflight?targetType=${targetType}`)).body;

  it('converts a SIMPLE product without stock to a BUNDLE (201, product.updated naming type)', async () => {
    const part = await c.product({ name: 'Part' });
    const p = await c.product({ name: 'Soon a kit' });
    expect(await preflight(p.id, 'BUNDLE')).toEqual({ blockers: [], warnings: [] });
    const res = await c.request('POST', `/products/${p.id}/convert`, {
      targetType: 'BUNDLE',
      components: [{ variantId: c.variantOf(part), quantity: 2 }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'BUNDLE', components: [{ variantId: c.variantOf(part), quantity: 2 }] });
    const updated = await eventOf(c, 'product.updated', { productId: p.id, type: 'BUNDLE' });
    expect(updated.payload.changes).toContain('type');
  });

  it('blocks converting to a type without stock while inventory has some (409 conversion_blocked)', async () => {
    const p = await c.product({ name: 'Stocked' });
    await stock(c.variantOf(p), 4);
    const pf = await preflight(p.id, 'FAMILY');
    expect(pf.blockers).toEqual([expect.objectContaining({ code: 'stock_on_hand' })]);
    const res = await c.request('POST', `/products/${p.id}/convert`, {
      targetType: 'BUNDLE',
      acknowledgeWarnings: true,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conversion_blocked');
    expect(res.body.error.details).toEqual([expect.objectContaining({ code: 'stock_on_hand' })]);
    // an ASSEMBLY holds stock: no blocker
    expect((await preflight(p.id, 'ASSEMBLY')).blockers).toEqual([]);
  });

  it('blocks SIMPLE → FAMILY while the variant is a component somewhere (used_as_component)', async () => {
    const p = await c.product({ name: 'Part of a kit' });
    await c.product({ type: 'BUNDLE', name: 'Kit', components: [{ variantId: c.variantOf(p), quantity: 1 }] });
    const res = await c.request('POST', `/products/${p.id}/convert`, {
      targetType: 'FAMILY',
      acknowledgeWarnings: true,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.details.map((d: { code: string }) => d.code)).toContain('used_as_component');
  });

  it('needs acknowledgeWarnings (422 warnings_not_acknowledged), then builds the BOM from bundle rows', async () => {
    const part = await c.product({ name: 'Wheel' });
    const bundle = await c.product({
      type: 'BUNDLE',
      name: 'Cart',
      components: [{ variantId: c.variantOf(part), quantity: 4 }],
    });
    expect((await preflight(bundle.id, 'ASSEMBLY')).warnings).toEqual([
      expect.objectContaining({ code: 'bom_from_bundle' }),
    ]);
    const refused = await c.request('POST', `/products/${bundle.id}/convert`, { targetType: 'ASSEMBLY' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('warnings_not_acknowledged');
    expect(refused.body.error.details).toEqual([expect.objectContaining({ code: 'bom_from_bundle' })]);
    const res = await c.request('POST', `/products/${bundle.id}/convert`, {
      targetType: 'ASSEMBLY',
      acknowledgeWarnings: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'ASSEMBLY',
      bom: { version: 1, rows: [{ variantId: c.variantOf(part), quantity: 4 }] },
    });
  });

  it('turns a SIMPLE product into a FAMILY without its variant (variant.deleted)', async () => {
    const p = await c.product({ name: 'Shirt' });
    const res = await c.request('POST', `/products/${p.id}/convert`, {
      targetType: 'FAMILY',
      acknowledgeWarnings: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'FAMILY', variants: [], children: [] });
    await eventOf(c, 'variant.deleted', { variantId: c.variantOf(p) });
  });

  it('refuses an unsupported conversion (422 unsupported_conversion)', async () => {
    const family = await c.product({ type: 'FAMILY', name: 'Fam' });
    const asm = await c.product({ type: 'ASSEMBLY', name: 'Asm' });
    for (const [id, targetType] of [
      [family.id, 'SIMPLE'],
      [asm.id, 'BUNDLE'],
    ]) {
      const res = await c.request('POST', `/products/${id}/convert`, { targetType, acknowledgeWarnings: true });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('unsupported_conversion');
      const pf = await c.request('GET', `/products/${id}/convert/preflight?targetType=${targetType}`);
      expect(pf.body.error.code).toBe('unsupported_conversion');
    }
  });

  it("answers 404 for another organization's product", async () => {
    const p = await c.product({});
    const res = await c.request('GET', `/products/${p.id}/convert/preflight?targetType=BUNDLE`, undefined, {
      orgId: 'org_x',
    });
    expect(res.status).toBe(404);
  });
});

describe('conversion while inventory is down or hangs', () => {
  let silent: Server;
  let c: Catalog;
  let hung: Catalog;
  beforeAll(async () => {
    silent = createServer(() => {}); // accepts and never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    c = await startCatalog('org_convert_down', { env: { INVENTORY_URL: 'http://127.0.0.1:1' } });
    hung = await startCatalog('org_convert_hung', {
      env: { INVENTORY_URL: `http://127.0.0.1:${port}`, PEER_TIMEOUT_MS: '300' },
    });
  });
  afterAll(async () => {
    await c.close();
    await hung.close();
    silent.close();
  });

  it('answers 503 dependency_unavailable when it needs inventory; converts when it does not', async () => {
    for (const h of [c, hung]) {
      const p = await h.product({ name: 'Needs stock check' });
      const res = await h.request('POST', `/products/${p.id}/convert`, { targetType: 'BUNDLE' });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('dependency_unavailable');
      expect(res.headers.get('retry-after')).toBe('5');
      const asm = await h.request('POST', `/products/${p.id}/convert`, { targetType: 'ASSEMBLY' });
      expect(asm.status).toBe(201);
    }
  });
});

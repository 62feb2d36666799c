import { eventually, okBody as ok, startService, switchableProxy, type HarnessOptions } from '@stockyard/testkit';
import { catalog } from '../../../catalog/src/app';
import { inventory } from '../../../inventory/src/app';
import { purchasing } from '../../src/app';

const POS = ['pos.read', 'pos.write', 'pos.receive'];
const CATALOG = ['products.read', 'products.write', 'sources.read', 'sources.write', 'variants.read'];
const INVENTORY = ['warehouses.read', 'warehouses.manage', 'stock.adjust'];

/** A port nothing listens on: a peer there is down. */
export const CLOSED = 'http://127.0.0.1:9';

/**
 * Purchasing in the harness with its real peers beside it: the catalog (suppliers, offers,
 * variants) and inventory (warehouses, stock; it asks this catalog about variants). `env`
 * goes to purchasing (point a peer at CLOSED to test it down).
 */
export async function startPurchasing(orgId: string, options: HarnessOptions & { switchable?: boolean } = {}) {
  const cat = await startService(catalog, { orgId, permissions: CATALOG, tap: ['none.#'] });
  const inv = await startService(inventory, {
    orgId,
    permissions: INVENTORY,
    tap: ['none.#'],
    env: { CATALOG_URL: cat.url },
  });
  // Peers behind proxies a test can take down and bring back (`switchable`).
  const proxies = options.switchable
    ? { catalog: await switchableProxy(cat.url), inventory: await switchableProxy(inv.url) }
    : undefined;
  const h = await startService(purchasing, {
    orgId,
    permissions: POS,
    tap: ['purchase_order.#'],
    ...options,
    env: {
      CATALOG_URL: proxies?.catalog.url ?? cat.url,
      INVENTORY_URL: proxies?.inventory.url ?? inv.url,
      ...options.env,
    },
  });
  const close = h.close.bind(h);
  return Object.assign(h, {
    catalog: cat,
    inventory: inv,
    proxies,
    /** A supplier (a catalog source) and its id. */
    async supplier(fields: Record<string, unknown> = {}): Promise<string> {
      const body = { name: 'Acme Supply', currency: 'EUR', ...fields };
      return (await ok(await cat.request('POST', '/sources', body), 'create source')).id;
    },
    /** A product's default variant id, with its cost and SKU. */
    async variant(fields: Record<string, unknown> = {}): Promise<string> {
      const product = await ok(await cat.request('POST', '/products', { name: 'Widget', ...fields }), 'product');
      return product.variants[0].id;
    },
    /** The supplier's offers (source SKUs) linked to variants. */
    async offers(sourceId: string, skus: Record<string, unknown>[]): Promise<void> {
      await ok(await cat.request('POST', `/sources/${sourceId}/skus`, { skus }), 'offers');
    },
    async warehouse(name = 'Main'): Promise<string> {
      return (await ok(await inv.request('POST', '/warehouses', { name }), 'warehouse')).id;
    },
    async bin(warehouseId: string, name: string): Promise<string> {
      return (await ok(await inv.request('POST', `/warehouses/${warehouseId}/bins`, { name }), 'bin')).id;
    },
    /** On hand of a variant over every warehouse, as inventory holds it. */
    async onHand(variantId: string): Promise<number> {
      const res = await inv.request('POST', '/stock/on-hand', { variantIds: [variantId] }, { base: '/internal/v1' });
      return (await ok(res, 'on hand')).data[0].onHand;
    },
    /** Creates an order (201 expected) and answers it. */
    async order(body: Record<string, unknown>) {
      return ok(await h.request('POST', '/purchase-orders', body), 'create purchase order');
    },
    /** A supplier, a warehouse, a variant costing `cost`, and a SUBMITTED order of `quantity` of it. */
    async submittedOrder(quantity = 10, extra: Record<string, unknown> = {}) {
      const channelId = await this.supplier();
      const warehouseId = await this.warehouse();
      const variantId = await this.variant({ cost: 2.5 });
      const po = await this.order({ channelId, warehouseId, lines: [{ variantId, quantity }], ...extra });
      await ok(await h.request('POST', `/purchase-orders/${po.id}/submit`), 'submit');
      return { po, channelId, warehouseId, variantId, lineId: po.lines[0].id as string };
    },
    receive: (id: string, lineId: string, body: unknown, headers?: Record<string, string>) =>
      h.request('POST', `/purchase-orders/${id}/lines/${lineId}/receive`, body, { headers }),
    /** The first tapped event of that name whose payload has these fields (waits for it). */
    eventOf: (name: string, fields: Record<string, unknown>) =>
      eventually(() =>
        h.events.find((e) => e.name === name && Object.entries(fields).every(([k, v]) => e.payload[k] === v)),
      ),
    async close() {
      await close();
      await proxies?.catalog.close().catch(() => undefined);
      await proxies?.inventory.close().catch(() => undefined);
      await inv.close();
      await cat.close();
    },
  });
}
export type Purchasing = Awaited<ReturnType<typeof startPurchasing>>;

import { eventually, okBody as ok, startService, type HarnessOptions } from '@stockyard/testkit';
import { catalog } from '../../../catalog/src/app';
import { inventory } from '../../../inventory/src/app';
import { orders } from '../../src/app';
import { lateProxy } from './late-proxy';

const ORDERS = ['orders.read', 'orders.write', 'shipments.read', 'shipments.manage'];
const CATALOG = [
  'products.read',
  'products.write',
  'channels.read',
  'channels.write',
  'variants.read',
  'sources.read',
  'sources.write',
];
const INVENTORY = ['warehouses.read', 'warehouses.manage', 'stock.adjust', 'reports.read'];

/** A port nothing listens on: a peer there is down. */
const CLOSED = 'http://127.0.0.1:9';

/**
 * Orders in the harness with its real peers beside it: the catalog (channels, variants; feed
 * URLs on 127.0.0.1 allowed) and inventory (assembly stock). `env` goes to orders.
 */
export async function startOrders(orgId: string, options: HarnessOptions & { withInventory?: boolean } = {}) {
  // The catalog checks a channel's warehouse with inventory, which starts after it.
  const toInventory = await lateProxy();
  const cat = await startService(catalog, {
    orgId,
    permissions: CATALOG,
    tap: ['none.#'],
    env: { FEED_URL_ALLOWLIST: '127.0.0.1', INVENTORY_URL: toInventory.url },
  });
  const inv =
    options.withInventory === false
      ? undefined
      : await startService(inventory, {
          orgId,
          permissions: INVENTORY,
          tap: ['none.#'],
          env: { CATALOG_URL: cat.url },
        });
  if (inv) toInventory.point(inv.url);
  const h = await startService(orders, {
    orgId,
    permissions: ORDERS,
    tap: ['order.#'],
    ...options,
    env: { CATALOG_URL: cat.url, INVENTORY_URL: inv?.url ?? CLOSED, FEED_POLL_MS: '0', ...options.env },
  });
  const close = h.close.bind(h);
  return Object.assign(h, {
    catalog: cat,
    inventory: inv,
    /** A sales channel of the organization (an API one by default). */
    async channel(fields: Record<string, unknown> = {}, as = orgId): Promise<string> {
      const body = { name: 'Partner API', platform: 'API', ...fields };
      return (await ok(await cat.request('POST', '/channels', body, { orgId: as }), 'create channel')).id;
    },
    /** A product's default variant: its id and SKU. */
    async variant(fields: Record<string, unknown> = {}): Promise<{ id: string; sku: string; productId: string }> {
      const product = await ok(await cat.request('POST', '/products', { name: 'Widget', ...fields }), 'product');
      return { id: product.variants[0].id, sku: product.variants[0].sku, productId: product.id };
    },
    /** POST /orders, answering the reply. */
    push: (body: Record<string, unknown>, opts: { orgId?: string } = {}) => h.request('POST', '/orders', body, opts),
    /** POST /orders expected to create (201): the order. */
    async order(body: Record<string, unknown>) {
      const res = await h.request('POST', '/orders', body);
      if (res.status !== 201) throw new Error(`push failed: ${res.status} ${await res.text()}`);
      return res.body;
    },
    /** The tapped events of that name whose payload has these fields. */
    named: (name: string, fields: Record<string, unknown> = {}) =>
      h.events.filter((e) => e.name === name && Object.entries(fields).every(([k, v]) => e.payload[k] === v)),
    /** The first tapped event of that name whose payload has these fields (waits for it). */
    eventOf: (name: string, fields: Record<string, unknown>) =>
      eventually(() =>
        h.events.find((e) => e.name === name && Object.entries(fields).every(([k, v]) => e.payload[k] === v)),
      ),
    async close() {
      await close();
      await inv?.close();
      await cat.close();
      await toInventory.close();
    },
  });
}
export type Orders = Awaited<ReturnType<typeof startOrders>>;

/** An order body of the API channel with one line of `sku`. */
export const pushBody = (channelId: string, channelOrderId: string, extra: Record<string, unknown> = {}) => ({
  channelId,
  channelOrderId,
  lines: [{ channelLineId: 'L1', sku: 'SKU-NONE', quantity: 1, unitPrice: 10 }],
  ...extra,
});

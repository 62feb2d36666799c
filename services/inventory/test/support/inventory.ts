import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import { eventually, startService, type HarnessOptions } from '@stockyard/testkit';
import { inventory } from '../../src/app';
import { stockLevelCodec } from '../../src/store/stock-level.codec';

const ALL = [
  'warehouses.read',
  'warehouses.manage',
  'stock.adjust',
  'stock.count',
  'reports.read',
  'settings.read',
  'settings.write',
];

/** No catalog answers here: a variant the read model lacks is a 503 (test/variant-check.int.spec starts one). */
const NO_CATALOG = 'http://catalog.invalid';
/** Nor purchasing (test/get-reorder-suggestions.int.spec starts one). */
const NO_PURCHASING = 'http://purchasing.invalid';

/**
 * The inventory service on the one harness, with the setup steps its tests share; `options` over
 * its defaults (`options.env` over its environment: no catalog, no purchasing).
 */
export async function startInventory(orgId: string, options: HarnessOptions = {}) {
  const h = await startService(inventory, {
    orgId,
    permissions: ALL,
    tap: ['inventory.#', 'stock.#'],
    ...options,
    env: { CATALOG_URL: NO_CATALOG, PURCHASING_URL: NO_PURCHASING, ...options.env },
  });
  /** `product`: the product and categories the catalog sends with it (none: an older catalog's event). */
  const publishVariant = (
    variantId: string,
    sku: string,
    name: string,
    updatedAt = new Date(),
    product: { productId?: string; categoryIds?: string[] } = {},
  ) =>
    h.broker.publish(
      newEvent('variant.upserted', { orgId, variantId, sku, name, ...product, updatedAt: updatedAt.toISOString() }),
    );
  /** Waits until the read model holds these variants (live), as the catalog's events leave it. */
  const readModelHas = (variantIds: string[]) =>
    eventually(async () => {
      const live = await h.connection
        .collection('variants')
        .countDocuments({ orgId, variantId: { $in: variantIds }, deleted: false });
      return live === variantIds.length ? true : undefined;
    });
  return Object.assign(h, {
    internal: (path: string, body: unknown) => h.request('POST', path, body, { base: '/internal/v1' }),
    /** Publishes an event and waits until a consumer has handled it (its processed_events record). */
    async delivered(event: EventEnvelope): Promise<void> {
      await h.broker.publish(event);
      await eventually(async () =>
        (await h.connection
          .collection<{ _id: string }>('processed_events')
          .countDocuments({ _id: { $regex: `:${event.id}$` } })) > 0
          ? true
          : undefined,
      );
    },
    /** The organization's stock value and cost of goods sold, as the two reports total them. */
    async book(): Promise<{ value: number; cogs: number }> {
      const valuation = (await h.request('GET', '/reports/stock-valuation')).body as { totalValue: number };
      const cogs = (await h.request('GET', '/reports/cogs')).body as { totalCogs: number };
      return { value: valuation.totalValue, cogs: cogs.totalCogs };
    },
    async warehouse(name = 'Main'): Promise<string> {
      return (await h.request('POST', '/warehouses', { name })).body.id;
    },
    async bin(warehouseId: string, name: string): Promise<string> {
      return (await h.request('POST', `/warehouses/${warehouseId}/bins`, { name })).body.id;
    },
    async adjust(variantId: string, warehouseId: string, quantity: number, binId: string | null = null) {
      const res = await h.request('POST', '/stock/adjust', {
        variantId,
        warehouseId,
        binId,
        quantity,
        reason: 'setup',
      });
      if (res.status !== 201) throw new Error(`adjust failed: ${res.status} ${await res.text()}`);
    },
    publish: (event: Parameters<typeof h.broker.publish>[0]) => h.broker.publish(event),
    /** What the catalog will publish; tests stand in for it. */
    publishVariant,
    readModelHas,
    /**
     * Catalog variants stock can be created for: published as the catalog would (SKU = the id
     * upper-cased, name = the id) and waited for in the read model.
     */
    async variants(...variantIds: string[]): Promise<void> {
      for (const id of variantIds) await publishVariant(id, id.toUpperCase(), id);
      await readModelHas(variantIds);
    },
    /** The level as stored, its packed fields read as the store reads them. */
    level: async (variantId: string) => {
      const stored = await h.connection.collection('stock_levels').findOne({ orgId, variantId });
      if (stored) Object.assign(stored, stockLevelCodec.decode(stored));
      return stored;
    },
  });
}
export type Inventory = Awaited<ReturnType<typeof startInventory>>;

import { startService } from '@stockyard/testkit';
import { inventory } from '../../../inventory/src/app';
import { CHANNEL_SIDE_PERMISSIONS } from './channels';
import { startCatalog } from './catalog';
import { routeVariantEvents, variantInInventory } from './inventory-peer';
import { startOrdersPeer } from './orders-peer';

/**
 * The catalog with the peers a variant's use is read from: the real inventory (hearing the
 * catalog's variants) and a fake orders (open holds set by the test, or down). The default
 * variant sweep runs only when a test ticks it.
 */
export async function startCatalogWithPeers(orgId: string) {
  const inv = (await startService(inventory, {
    orgId,
    permissions: ['warehouses.manage', 'stock.adjust'],
  })) as Awaited<ReturnType<typeof startService<never, never>>>;
  const orders = await startOrdersPeer();
  const c = await startCatalog(orgId, {
    permissions: CHANNEL_SIDE_PERMISSIONS,
    env: { INVENTORY_URL: inv.url, ORDERS_URL: orders.url, DEFAULT_VARIANT_SWEEP_MS: '0' },
  });
  const inventoryConfig = inv.config as { EVENTS_EXCHANGE: string };
  await routeVariantEvents(c.config.EVENTS_EXCHANGE, inventoryConfig.EVENTS_EXCHANGE);
  const warehouseId = (await inv.request('POST', '/warehouses', { name: 'Main' })).body.id as string;
  return Object.assign(c, {
    inv,
    orders,
    /** Adjusts the variant's stock at the warehouse once inventory knows the variant (201 expected). */
    async adjust(variantId: string, quantity: number) {
      await variantInInventory(inv, orgId, variantId);
      const res = await inv.request('POST', '/stock/adjust', { variantId, warehouseId, quantity, reason: 'test' });
      if (res.status !== 201) throw new Error(`stock adjust failed: ${res.status} ${await res.text()}`);
    },
    /** Adds a variant (201 expected) and answers it. */
    async addVariant(productId: string, body: Record<string, unknown>) {
      const res = await c.request('POST', `/products/${productId}/variants`, body);
      if (res.status !== 201) throw new Error(`adding a variant failed: ${res.status} ${await res.text()}`);
      return res.body;
    },
    /** The product's live variants, as GET /products/{id} shows them. */
    async variantsOf(productId: string): Promise<{ id: string; sku: string; isDefault: boolean; position: number }[]> {
      return (await c.request('GET', `/products/${productId}`)).body.variants;
    },
    /** The default variant sweep's pass (migration, then reviews), as the timer would run it. */
    sweep: () => c.deps.products.defaultVariants.tick(),
    async closeAll() {
      await c.close();
      await inv.close();
      await orders.close();
    },
  });
}
export type CatalogWithPeers = Awaited<ReturnType<typeof startCatalogWithPeers>>;

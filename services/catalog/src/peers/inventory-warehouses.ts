import { inventoryClient } from '@stockyard/contracts';
import { callPeer, peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';
import type { WarehouseLookup } from '../ports';

/** Inventory's internal warehouse read, through the typed client; a peer that fails is a 503, never a 500 or a hang. */
export function inventoryWarehouses(config: Config): WarehouseLookup {
  const client = inventoryClient(peerOptions('catalog', config, config.INVENTORY_URL));
  return {
    async liveIds(orgId, warehouseIds) {
      const warehouses = await callPeer('inventory', () => client.warehouses(orgId, warehouseIds), 'unavailable');
      return new Set(warehouses.map((w) => w.id));
    },
  };
}

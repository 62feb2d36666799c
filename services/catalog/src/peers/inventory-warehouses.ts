import { inventoryClient, PeerRefusedError, PeerUnavailableError, serviceSigner } from '@stockyard/contracts';
import type { Config } from '../config';
import type { WarehouseLookup } from '../ports';
import { dependencyUnavailable } from './inventory-stock';

/** Inventory's internal warehouse read, through the typed client; a peer that fails is a 503, never a 500 or a hang. */
export function inventoryWarehouses(config: Config): WarehouseLookup {
  const client = inventoryClient({
    baseUrl: config.INVENTORY_URL,
    sign: serviceSigner('catalog', config.IDENTITY_SECRET),
    timeoutMs: config.PEER_TIMEOUT_MS,
  });
  return {
    async liveIds(orgId, warehouseIds) {
      try {
        return new Set((await client.warehouses(orgId, warehouseIds)).map((w) => w.id));
      } catch (err) {
        if (err instanceof PeerUnavailableError || err instanceof PeerRefusedError)
          throw dependencyUnavailable('inventory');
        throw err;
      }
    },
  };
}

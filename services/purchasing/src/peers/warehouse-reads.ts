import { inventoryClient, serviceSigner, type Warehouse } from '@stockyard/contracts';
import type { Config } from '../config';
import { callPeer } from './peer-errors';

/** A warehouse as inventory holds it (name, code, address), for the printed order; undefined when unknown. */
export type WarehouseRead = (orgId: string, warehouseId: string) => Promise<Warehouse | undefined>;

export function warehouseRead(config: Config): WarehouseRead {
  const client = inventoryClient({
    baseUrl: config.INVENTORY_URL,
    sign: serviceSigner('purchasing', config.IDENTITY_SECRET),
    timeoutMs: config.PEER_TIMEOUT_MS,
  });
  return async (orgId, warehouseId) =>
    (await callPeer('inventory', () => client.warehouses(orgId, [warehouseId]))).find((w) => w.id === warehouseId);
}

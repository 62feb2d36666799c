import { inventoryClient, type Warehouse } from '@stockyard/contracts';
import type { Config } from '../config';
import { callPeer, peerOptions } from '@stockyard/service-kit';

/** A warehouse as inventory holds it (name, code, address), for the printed order; undefined when unknown. */
export type WarehouseRead = (orgId: string, warehouseId: string) => Promise<Warehouse | undefined>;

export function warehouseRead(config: Config): WarehouseRead {
  const client = inventoryClient(peerOptions('purchasing', config, config.INVENTORY_URL));
  return async (orgId, warehouseId) =>
    (await callPeer('inventory', () => client.warehouses(orgId, [warehouseId]))).find((w) => w.id === warehouseId);
}

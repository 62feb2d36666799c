import { inventoryClient, type ReceiveStock, type StockOperationResult } from '@stockyard/contracts';
import type { Config } from '../config';
import { callPeer, peerOptions } from '@stockyard/service-kit';

/** What purchasing asks of inventory: which warehouses exist, and putting received stock in. */
export interface InventoryPeer {
  liveWarehouse(orgId: string, warehouseId: string): Promise<boolean>;
  /** Throws the client's errors as they are (the receipt decides what a refusal means). */
  receive(orgId: string, body: ReceiveStock): Promise<StockOperationResult>;
}

export function inventoryPeer(config: Config): InventoryPeer {
  const client = inventoryClient(peerOptions('purchasing', config, config.INVENTORY_URL));
  return {
    liveWarehouse: async (orgId, warehouseId) =>
      (await callPeer('inventory', () => client.warehouses(orgId, [warehouseId]))).some((w) => w.id === warehouseId),
    receive: (orgId, body) => client.receive(orgId, body),
  };
}

import { inventoryClient, type InventoryClient } from '@stockyard/contracts';
import { peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';

/** Inventory's stock moves and per-warehouse availability, through the typed client (callers map refusals). */
export const stockMoves = (config: Config): InventoryClient =>
  inventoryClient(peerOptions('orders', config, config.INVENTORY_URL));

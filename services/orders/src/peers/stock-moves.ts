import { inventoryClient, type InventoryClient } from '@stockyard/contracts';
import { peerOptions } from '@stockyard/service-kit';
import type { Config } from '../config';

/**
 * Inventory's stock moves and per-warehouse availability, through the typed client (callers map
 * refusals), waiting STOCK_MOVES_TIMEOUT_MS: the moves are keyed (a late answer moved stock once).
 */
export const stockMoves = (config: Config): InventoryClient =>
  inventoryClient({ ...peerOptions('orders', config, config.INVENTORY_URL), timeoutMs: config.STOCK_MOVES_TIMEOUT_MS });

import { PassCheckpoints } from '@stockyard/service-kit/store';
import type { Connection } from 'mongoose';

/** Inventory's start-up passes' records (`inventory_passes`). */
export const inventoryPasses = (connection: Connection) => new PassCheckpoints(connection, 'inventory_passes');

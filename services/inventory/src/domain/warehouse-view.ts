import type { Warehouse } from '@stockyard/contracts';
import type { WarehouseState } from './warehouse';

/** A warehouse on the wire. */
export const warehouseView = (w: WarehouseState): Warehouse => ({
  id: w.id,
  name: w.name,
  code: w.code ?? null,
  address: w.address ?? null,
  createdAt: w.createdAt.toISOString(),
  updatedAt: w.updatedAt.toISOString(),
  deletedAt: w.deletedAt ? w.deletedAt.toISOString() : null,
});

import type { Bin } from '@stockyard/contracts';
import type { BinState } from './bin';

/** A bin on the wire. */
export const binView = (b: BinState): Bin => ({
  id: b.id,
  warehouseId: b.warehouseId,
  name: b.name,
  createdAt: b.createdAt.toISOString(),
  updatedAt: b.updatedAt.toISOString(),
});

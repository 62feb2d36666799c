import type { Decision } from '@stockyard/service-kit';

/** A bin of a warehouse; its name is unique within the warehouse (a unique index). Deleted for good. */
export interface BinState {
  id: string;
  orgId: string;
  version: number;
  warehouseId: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

export const newBin = (orgId: string, id: string, warehouseId: string, name: string) => ({
  id,
  orgId,
  warehouseId,
  name,
});

export const renameBin = (current: BinState, name: string): Decision<BinState> => ({ state: { ...current, name } });

import type { CreateWarehouse, UpdateWarehouse } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { assertWarehouseEmpty } from './place-removal';
import type { StockLevel } from './stock-level';
import { warehouseDeleted } from './warehouse.errors';

/** A warehouse as stored: soft-deleted (`deletedAt`), its code unique among the organization's live ones. */
export interface WarehouseState {
  id: string;
  orgId: string;
  version: number;
  name: string;
  code: string | null;
  address: string | null;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The key a code is claimed under: codes are unique per organization ignoring case and
 * surrounding spaces ("n1" and "N1" name the same shelf label).
 */
export const codeKey = (code: string): string => code.trim().toUpperCase();

/** Whether two codes are the same code (by key); no code is the same as no code only. */
export const sameCode = (a: string | null, b: string | null): boolean =>
  a === null || b === null ? a === b : codeKey(a) === codeKey(b);

export function newWarehouse(orgId: string, id: string, input: CreateWarehouse) {
  return { id, orgId, name: input.name, code: input.code ?? null, address: input.address ?? null, deletedAt: null };
}

/** A patch of a live warehouse; answers the code it had, for the caller to release when it changed. */
export function updateWarehouse(
  current: WarehouseState,
  patch: UpdateWarehouse,
): Decision<WarehouseState, string | null> {
  if (current.deletedAt) throw warehouseDeleted(current.id);
  return { state: { ...current, ...patch }, result: current.code };
}

/** A soft delete, only when nothing is on hand or reserved there (409 warehouse_not_empty). */
export function deleteWarehouse(current: WarehouseState, levels: StockLevel[], now: Date): Decision<WarehouseState> {
  if (current.deletedAt) throw warehouseDeleted(current.id);
  for (const level of levels) assertWarehouseEmpty(level, current.id);
  return { state: { ...current, deletedAt: now } };
}

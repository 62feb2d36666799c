import { emptyPool, type CostingMethod, type CostPool } from '../../src/domain/cost-layer';
import type { CostContext, ValuationCause } from '../../src/domain/valuation-entry';

/** A context at minute `minute` of 2026-01-01, caused by movement `id` (or the cause given). */
export const ctx = (id: string, minute = 0, type: ValuationCause['type'] = 'movement'): CostContext => ({
  cause: { type, id },
  at: new Date(Date.UTC(2026, 0, 1, 0, minute)),
});

export const pool = (warehouseId: string, method: CostingMethod): CostPool => emptyPool(warehouseId, method);

/** A pool's layers as [quantity, value in cents] pairs, oldest first. */
export const layersOf = (p: CostPool) => p.layers.map((l) => [l.quantity, l.valueCents]);

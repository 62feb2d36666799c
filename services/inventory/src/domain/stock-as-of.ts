import { fromCents, fromUnits, toUnits, type StockAsOf } from '@stockyard/contracts';
import type { StockPosition } from './stock-position';
import { unitCostOf } from './unit-cost';

/**
 * One variant's stock on a moment, per warehouse, from its positions in the valuation ledger, and
 * what its holds kept reserved then per warehouse (null when not known: a moment before the
 * reservation ledger began). A warehouse with nothing on hand, no value and no hold is left out.
 */
export function stockAsOfView(
  variantId: string,
  at: Date,
  currency: string,
  positions: readonly StockPosition[],
  holds: ReadonlyMap<string, number> | null,
): StockAsOf {
  const held = new Map(positions.filter((p) => p.units !== 0 || p.cents !== 0).map((p) => [p.warehouseId, p]));
  const holding = holds ? [...holds].filter(([, quantity]) => quantity !== 0).map(([warehouseId]) => warehouseId) : [];
  const warehouses = [...new Set([...held.keys(), ...holding])].sort().map((warehouseId) => {
    const units = held.get(warehouseId)?.units ?? 0;
    const cents = held.get(warehouseId)?.cents ?? 0;
    return {
      warehouseId,
      onHand: fromUnits(units),
      reserved: holds ? (holds.get(warehouseId) ?? 0) : null,
      value: fromCents(cents),
      unitCost: unitCostOf(cents, units),
    };
  });
  const reserved = holds ? fromUnits([...holds.values()].reduce((sum, q) => sum + toUnits(q), 0)) : null;
  return {
    variantId,
    asOf: at.toISOString(),
    currency,
    warehouses,
    onHand: fromUnits([...held.values()].reduce((sum, p) => sum + p.units, 0)),
    reserved,
    value: fromCents([...held.values()].reduce((sum, p) => sum + p.cents, 0)),
  };
}

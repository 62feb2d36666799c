import { fromCents, fromUnits, type ValuationGroup } from '@stockyard/contracts';
import type { StockPosition } from './stock-position';
import { unitCostOf } from './unit-cost';

/** What a variant is grouped by: the catalog's, as the variant read model keeps it (null: not heard). */
export interface VariantGrouping {
  sku: string | null;
  name: string | null;
  productId: string | null;
  categoryIds: string[] | null;
}

/** The stock of one group: its key (null: the variants of no known product or category), exact sums. */
export interface ValuationSum<K extends string | null = string | null> {
  key: K;
  units: number;
  cents: number;
}

/** Keys sort as strings; the null group last. */
const byKey = (a: ValuationSum, b: ValuationSum) =>
  a.key === b.key ? 0 : a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : 1;

/**
 * Positions added up by the keys each counts under (a variant in two categories counts in both),
 * groups with neither quantity nor value left out, in key order.
 */
export function sumByKey<K extends string | null>(
  positions: readonly StockPosition[],
  keysOf: (position: StockPosition) => readonly K[],
): ValuationSum<K>[] {
  const sums = new Map<K, ValuationSum<K>>();
  for (const position of positions) {
    for (const key of new Set(keysOf(position))) {
      const sum = sums.get(key) ?? { key, units: 0, cents: 0 };
      sum.units += position.units;
      sum.cents += position.cents;
      sums.set(key, sum);
    }
  }
  return [...sums.values()].filter((s) => s.units !== 0 || s.cents !== 0).sort(byKey);
}

/** A product's key: null for a variant the read model has no product of (README: stock reports). */
export const productKeyOf = (grouping: Pick<VariantGrouping, 'productId'> | undefined): (string | null)[] => [
  grouping?.productId ?? null,
];

/** A variant's category keys: each of its product's categories, or the uncategorized group (null). */
export const categoryKeysOf = (grouping: Pick<VariantGrouping, 'categoryIds'> | undefined): (string | null)[] =>
  grouping?.categoryIds?.length ? grouping.categoryIds : [null];

/** A group's row, with the SKU and name its key has (a variant's, a warehouse's name). */
export const valuationRow = (
  sum: ValuationSum,
  label: { sku?: string | null; name?: string | null } = {},
): ValuationGroup => ({
  key: sum.key,
  sku: label.sku ?? null,
  name: label.name ?? null,
  quantity: fromUnits(sum.units),
  unitCost: unitCostOf(sum.cents, sum.units),
  value: fromCents(sum.cents),
});

/** The quantity and value of all the positions, each counted once. */
export function totalsOf(positions: readonly StockPosition[]): { totalQuantity: number; totalValue: number } {
  const units = positions.reduce((sum, p) => sum + p.units, 0);
  const cents = positions.reduce((sum, p) => sum + p.cents, 0);
  return { totalQuantity: fromUnits(units), totalValue: fromCents(cents) };
}

import { fromCents, fromUnits, type ValuationGroup } from '@stockyard/contracts';
import type { PositionSink } from './packed-positions';
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

/** Keys sort as strings; the null group last. Groups with neither quantity nor value left out. */
const keyOrder = <K extends string | null>(sums: Iterable<ValuationSum<K>>) =>
  [...sums].filter((s) => s.units !== 0 || s.cents !== 0).sort(byKey);

/**
 * Stock added up as a read gives it (a sink), per variant or per warehouse, and in all: a position
 * comes in several parts (a closing, the days and entries after it), all linear, so each adds to its
 * key without a sum per variant and warehouse first.
 */
export class StockSums {
  private readonly sums = new Map<string, ValuationSum<string>>();
  private units = 0;
  private cents = 0;

  constructor(private readonly per: 'variant' | 'warehouse') {}

  readonly add: PositionSink = (variantId, warehouseId, units, cents) => {
    const key = this.per === 'variant' ? variantId : warehouseId;
    const sum = this.sums.get(key);
    if (sum) {
      sum.units += units;
      sum.cents += cents;
    } else this.sums.set(key, { key, units, cents });
    this.units += units;
    this.cents += cents;
  };

  /** The groups, in key order, those that add up to nothing left out. */
  groups(): ValuationSum<string>[] {
    return keyOrder(this.sums.values());
  }

  /** The quantity and value of all, each position counted once. */
  totals(): { totalQuantity: number; totalValue: number } {
    return { totalQuantity: fromUnits(this.units), totalValue: fromCents(this.cents) };
  }
}

/**
 * Sums (a variant's) added up again by the keys each counts under (a variant in two categories
 * counts in both), in key order.
 */
export function sumByKey<K extends string | null, S extends Omit<ValuationSum, 'key'>>(
  sums: readonly S[],
  keysOf: (sum: S) => readonly K[],
): ValuationSum<K>[] {
  const grouped = new Map<K, ValuationSum<K>>();
  for (const from of sums) {
    for (const key of new Set(keysOf(from))) {
      const sum = grouped.get(key) ?? { key, units: 0, cents: 0 };
      sum.units += from.units;
      sum.cents += from.cents;
      grouped.set(key, sum);
    }
  }
  return keyOrder(grouped.values());
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

import { fromCents, fromUnits, type ValuationGroup } from '@stockyard/contracts';
import { inKeyOrder } from './key-order';
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

/** Groups with neither quantity nor value left out. */
const nonZero = <K extends string | null>(sums: Iterable<ValuationSum<K>>) =>
  [...sums].filter((s) => s.units !== 0 || s.cents !== 0);

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

  /** The groups in no order (a page sorts what it shows), those that add up to nothing left out. */
  unordered(): ValuationSum<string>[] {
    return nonZero(this.sums.values());
  }

  /** The groups, in key order, those that add up to nothing left out. */
  groups(): ValuationSum<string>[] {
    return inKeyOrder(this.unordered());
  }

  /** The quantity and value of all, each position counted once. */
  totals(): { totalQuantity: number; totalValue: number } {
    return { totalQuantity: fromUnits(this.units), totalValue: fromCents(this.cents) };
  }
}

/**
 * Sums (a variant's) added up again by the keys each counts under (a variant in two categories
 * counts in both), in no order; groups that add up to nothing left out.
 */
export function groupsByKey<K extends string | null, S extends Omit<ValuationSum, 'key'>>(
  sums: readonly S[],
  keysOf: (sum: S) => readonly K[],
): ValuationSum<K>[] {
  const grouped = new Map<K, ValuationSum<K>>();
  for (const from of sums) {
    const keys = keysOf(from);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      // A key listed twice counts once (no Set a variant: 100,000 of them in a report).
      if (keys.indexOf(key) !== i) continue;
      let sum = grouped.get(key);
      if (!sum) grouped.set(key, (sum = { key, units: 0, cents: 0 }));
      sum.units += from.units;
      sum.cents += from.cents;
    }
  }
  return nonZero(grouped.values());
}

/** The same in key order. */
export const sumByKey = <K extends string | null, S extends Omit<ValuationSum, 'key'>>(
  sums: readonly S[],
  keysOf: (sum: S) => readonly K[],
): ValuationSum<K>[] => inKeyOrder(groupsByKey(sums, keysOf));

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

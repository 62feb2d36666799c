import { isId, type ReorderLevel } from '@stockyard/contracts';
import { errors } from './errors';
import { onHandIn, reservedIn, round, type StockLevel, type StockLocation } from './stock-level';

/**
 * A warehouse's reorder point of a variant, from its stock rows (bins and Unassigned): the
 * warehouse has one when any of its rows sets `minQuantity` or `maxQuantity`; min and max are
 * the sums of the rows that set them (null when none does); `available` is the warehouse's on
 * hand less its holds, over every row.
 */
const sets = (l: StockLocation) => l.minQuantity != null || l.maxQuantity != null;

/** Whether any row of the level sets a reorder point: kept on the level document, and indexed. */
export const hasReorderPoint = (locations: readonly StockLocation[]) => locations.some(sets);

const sumOf = (rows: StockLocation[], field: 'minQuantity' | 'maxQuantity') => {
  const set = rows.filter((l) => l[field] != null);
  return set.length === 0 ? null : round(set.reduce((s, l) => s + l[field]!, 0));
};

export function reorderLevelAt(level: StockLevel, warehouseId: string): ReorderLevel {
  const rows = level.locations.filter((l) => l.warehouseId === warehouseId);
  const onHand = onHandIn(level, warehouseId);
  const reserved = reservedIn(level, warehouseId);
  return {
    variantId: level.variantId,
    warehouseId,
    onHand,
    reserved,
    available: round(onHand - reserved),
    minQuantity: sumOf(rows, 'minQuantity'),
    maxQuantity: sumOf(rows, 'maxQuantity'),
  };
}

/** Where a page ends: a pair, or (`warehouseId` PAST) after every pair of the variant. */
export interface PairKey {
  variantId: string;
  warehouseId: string;
}
/** Sorts after every id (ids are letters, digits and `_ - . :`). */
export const PAST = '~';

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Variant then warehouse order, the order of every list of pairs. */
export const comparePairs = (a: PairKey, b: PairKey) =>
  compare(a.variantId, b.variantId) || compare(a.warehouseId, b.warehouseId);
export const isAfter = (pair: PairKey, key: PairKey) => comparePairs(pair, key) > 0;

/**
 * A level's (variant, warehouse) pairs in warehouse order: those of warehouses with a stock row,
 * all of them or only those with a reorder point, of one warehouse when named.
 */
export function pairsOf(level: StockLevel, only: { warehouseId?: string; withReorderPoint: boolean }): ReorderLevel[] {
  const rows = level.locations.filter((l) => only.warehouseId === undefined || l.warehouseId === only.warehouseId);
  const warehouses = new Set(rows.filter((l) => !only.withReorderPoint || sets(l)).map((l) => l.warehouseId));
  return [...warehouses].sort(compare).map((w) => reorderLevelAt(level, w));
}

/** The cursor is `<variantId>/<warehouseId>`: two ids need 257 characters, base64 would pass the 300 allowed. */
export const encodeAfter = (key: PairKey) => `${key.variantId}/${key.warehouseId}`;

export function decodeAfter(after: string): PairKey {
  const [variantId, warehouseId, ...rest] = after.split('/');
  if (
    rest.length > 0 ||
    !variantId ||
    !isId(variantId) ||
    !warehouseId ||
    !(warehouseId === PAST || isId(warehouseId))
  ) {
    throw errors.validation_failed('Invalid query', [
      { field: 'after', code: 'invalid_cursor', message: 'not a cursor this read gave (use a page’s `next`)' },
    ]);
  }
  return { variantId, warehouseId };
}

/**
 * A page of pairs (sorted, those up to the cursor left out): the first `limit`, and the cursor of
 * the next page. `past`: where the levels read end when they may not be all (a full read), so
 * that more pairs may follow them; undefined when every level was read.
 */
export function pageOf(
  pairs: ReorderLevel[],
  limit: number,
  past: PairKey | undefined,
): { data: ReorderLevel[]; next: string | null } {
  if (pairs.length > limit) {
    const data = pairs.slice(0, limit);
    return { data, next: encodeAfter(data[limit - 1]!) };
  }
  return { data: pairs, next: past ? encodeAfter(past) : null };
}

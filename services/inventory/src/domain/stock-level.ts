import { unprocessable } from '@stockyard/service-kit';

/** One location of a variant: a bin of a warehouse, or its Unassigned location (binId null). */
export interface StockLocation {
  warehouseId: string;
  binId: string | null;
  onHand: number;
}

/**
 * Everything about one variant's stock in one organization lives in one document, so
 * any change to it (adjust, transfer, move, reserve) is a single atomic update.
 */
export interface StockLevel {
  orgId: string;
  variantId: string;
  locations: StockLocation[];
  reserved: number;
  version: number;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

export const onHandOf = (level: Pick<StockLevel, 'locations'>) => round(level.locations.reduce((sum, l) => sum + l.onHand, 0));
export const availableOf = (level: Pick<StockLevel, 'locations' | 'reserved'>) => round(onHandOf(level) - level.reserved);

const sameLocation = (a: Omit<StockLocation, 'onHand'>, b: Omit<StockLocation, 'onHand'>) =>
  a.warehouseId === b.warehouseId && a.binId === b.binId;

/** Applies a signed change at one location; on hand may never go below zero. */
export function adjustLocation(level: StockLevel, where: Omit<StockLocation, 'onHand'>, quantity: number): StockLocation[] {
  const current = level.locations.find((l) => sameLocation(l, where));
  const onHand = round((current?.onHand ?? 0) + quantity);
  if (onHand < 0) {
    throw unprocessable(
      `On hand at this location is ${current?.onHand ?? 0}; cannot remove ${-quantity}`,
      'insufficient_stock',
    );
  }
  const others = level.locations.filter((l) => !sameLocation(l, where));
  return [...others, { ...where, onHand }];
}

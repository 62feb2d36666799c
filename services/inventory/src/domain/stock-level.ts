import type { CostPool } from './cost-layer';
import { onHandBelowZero } from './stock.errors';

/** Where stock sits: a bin of a warehouse, or its Unassigned location (binId null). */
export interface Place {
  warehouseId: string;
  binId: string | null;
}

/** One location of a variant, with its reorder settings (the spec's stock item row). */
export interface StockLocation extends Place {
  onHand: number;
  minQuantity?: number | null;
  maxQuantity?: number | null;
}

/** A landed cost's or an invoice's line as applied here: the revision and the line's whole amount then, in cents. */
export interface AppliedCost {
  key: string;
  revision: number;
  cents: number;
}

/** Quantity held for orders at one warehouse. */
export interface Reservation {
  warehouseId: string;
  quantity: number;
}

/** An operation key already applied to this variant (bounded window; see operations.ts). */
export interface AppliedOperation {
  key: string;
  at: Date;
  /** An internal operation's parameters (`signatureOf`); absent on counts and on keys kept before it was. */
  sig?: string;
  /** A keyed partner write's movement ids, which a run of it after a crash answers again. */
  movements?: string[];
}

/**
 * Everything about one variant's stock in one organization lives in one document, so
 * any change to it (adjust, transfer, move, count, reserve, deduct) is a single atomic
 * update. `reserved` is the sum of `reservations`, kept for cheap reads.
 */
export interface StockLevel {
  orgId: string;
  variantId: string;
  locations: StockLocation[];
  reserved: number;
  reservations?: Reservation[];
  primaryBins?: Place[];
  operations?: AppliedOperation[];
  /** Whether a row sets a reorder point (reorder-levels.ts), derived on every change; indexed. */
  hasReorderPoint?: boolean;
  /** The stock's cost per warehouse (cost-layer.ts), changed with every movement that moves on hand. */
  costPools?: CostPool[];
  /** What each landed cost put on this variant's lines (apply-line-cost.ts), by `<landedCostId>:<lineId>`. */
  landedCosts?: AppliedCost[];
  /** What each invoice's cost variances put on them, the same way, by `<invoiceId>:<lineId>`. */
  costVariances?: AppliedCost[];
  version: number;
}

export const round = (n: number) => Math.round(n * 1e6) / 1e6;

export const onHandOf = (level: Pick<StockLevel, 'locations'>) =>
  round(level.locations.reduce((sum, l) => sum + l.onHand, 0));
export const availableOf = (level: Pick<StockLevel, 'locations' | 'reserved'>) =>
  round(onHandOf(level) - level.reserved);

export const samePlace = (a: Place, b: Place) => a.warehouseId === b.warehouseId && a.binId === b.binId;

export const locationAt = (level: Pick<StockLevel, 'locations'>, where: Place) =>
  level.locations.find((l) => samePlace(l, where));
export const onHandAt = (level: Pick<StockLevel, 'locations'>, where: Place) => locationAt(level, where)?.onHand ?? 0;
export const locationsIn = (level: Pick<StockLevel, 'locations'>, warehouseId: string) =>
  level.locations.filter((l) => l.warehouseId === warehouseId);
export const onHandIn = (level: Pick<StockLevel, 'locations'>, warehouseId: string) =>
  round(locationsIn(level, warehouseId).reduce((s, l) => s + l.onHand, 0));
export const reservedIn = (level: Pick<StockLevel, 'reservations'>, warehouseId: string) =>
  (level.reservations ?? []).find((r) => r.warehouseId === warehouseId)?.quantity ?? 0;
export const primaryBinOf = (level: Pick<StockLevel, 'primaryBins'>, warehouseId: string) =>
  (level.primaryBins ?? []).find((p) => p.warehouseId === warehouseId)?.binId ?? null;

/** Applies a signed change at one location; on hand may never go below zero. Keeps min/max. */
export function adjustLocation(level: Pick<StockLevel, 'locations'>, where: Place, quantity: number): StockLocation[] {
  const current = locationAt(level, where);
  const onHand = round((current?.onHand ?? 0) + quantity);
  if (onHand < 0) throw onHandBelowZero(where.warehouseId, where.binId, current?.onHand ?? 0, -quantity);
  const others = level.locations.filter((l) => !samePlace(l, where));
  return [...others, { ...current, warehouseId: where.warehouseId, binId: where.binId, onHand }];
}

/**
 * The location a transfer or sale takes from when the caller names no bin: the primary
 * bin, else the single location holding stock, else the fullest (Unassigned counts as a
 * location). Ties go to the Unassigned location, then the smaller bin id, so the choice
 * is stable.
 */
export function resolveSourceLocation(level: StockLevel, warehouseId: string): Place {
  const primary = primaryBinOf(level, warehouseId);
  if (primary !== null) return { warehouseId, binId: primary };
  const stocked = locationsIn(level, warehouseId).filter((l) => l.onHand > 0);
  if (stocked.length === 0) return { warehouseId, binId: null };
  const fullest = [...stocked].sort((a, b) => b.onHand - a.onHand || (a.binId ?? '').localeCompare(b.binId ?? ''))[0]!;
  return { warehouseId, binId: fullest.binId };
}

import type { StockLevel } from './stock-level';

/**
 * Inventory's own event that keeps the level-place index (`stock_level_places`, store/level-places.ts):
 * the relay applies it in this process (never on the broker), from the level's outbox, so a crash
 * replays it. Its payload is `{variantId, version, terms}`, `version` the level's the terms are of.
 */
export const PLACES_CHANGED = 'stock.level_places_changed' as const;

/** The term of a warehouse's levels in the level-place index. */
export const warehouseTerm = (warehouseId: string) => `wh:${warehouseId}`;
/** The term of a bin's levels in the level-place index. */
export const binTerm = (binId: string) => `bin:${binId}`;

/**
 * The places a level has a location row in (even an empty one), as exact terms, sorted: each
 * warehouse (`wh:<warehouseId>`) and each bin (`bin:<binId>`).
 */
export function placeTermsOf(level: Pick<StockLevel, 'locations'>): string[] {
  const terms = new Set<string>();
  for (const l of level.locations) {
    terms.add(warehouseTerm(l.warehouseId));
    if (l.binId !== null) terms.add(binTerm(l.binId));
  }
  return [...terms].sort();
}

import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import { z } from 'zod';
import { samePlace, type StockLevel } from './stock-level';

/**
 * Inventory's own event that keeps the level-place index (`stock_level_places`): the relay
 * applies it in this process (never on the broker), from the level's outbox, so a crash replays
 * it. `version` is the level's version the terms are of.
 */
export const PLACES_CHANGED = 'stock.level_places_changed' as const;

export const PlacesChangedSchema = z.object({
  orgId: z.string(),
  variantId: z.string(),
  version: z.number().int().nonnegative(),
  terms: z.array(z.string()),
});

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

/**
 * The index update a change needs: none when the level's places stay the same (an adjust on an
 * existing row writes nothing more). `version` is the one the write makes.
 */
export function placesEvents(before: StockLevel, after: StockLevel, version: number): EventEnvelope[] {
  if (samePlaces(before.locations, after.locations)) return [];
  const terms = placeTermsOf(after);
  const previous = placeTermsOf(before);
  if (terms.length === previous.length && terms.every((t, i) => t === previous[i])) return [];
  return [newEvent(PLACES_CHANGED, { orgId: after.orgId, variantId: after.variantId, version, terms })];
}

/** The same rows' places in the same order (an adjust's rows): no sets to build on the hot path. */
const samePlaces = (a: StockLevel['locations'], b: StockLevel['locations']) =>
  a === b || (a.length === b.length && a.every((l, i) => samePlace(l, b[i]!)));

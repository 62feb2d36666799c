import type { EventEnvelope } from '@stockyard/contracts';
import { newEvent } from '@stockyard/service-kit';
import type { StockLevel } from './stock-level';
import type { ValuationEntry } from './valuation-entry';

/** Local event carrying a change's valuation entries: rows riding on the level's write (store/valuation-ledger.ts). */
export const VALUATION_RECORDED = 'stock.valuation_recorded' as const;

/** Its payload, JSON as the outbox keeps it (dates as ISO strings). */
export interface ValuationRecorded {
  orgId: string;
  variantId: string;
  /** The level's version after the change: with each entry's place in `entries`, it orders one instant's entries. */
  version: number;
  entries: (Omit<ValuationEntry, 'at'> & { at: string })[];
}

/** The event of a change's entries (level-change.ts's `decision` emits it). */
export function valuationRecorded(level: StockLevel, entries: readonly ValuationEntry[]): EventEnvelope {
  const payload: ValuationRecorded = {
    orgId: level.orgId,
    variantId: level.variantId,
    version: level.version + 1,
    entries: entries.map((e) => ({ ...e, at: e.at.toISOString() })),
  };
  return newEvent(VALUATION_RECORDED, { ...payload });
}

/**
 * One valuation event for a write that made several (the internal batch deciding several moves
 * of one level): rows of one write are ordered by their place among its entries, so those must
 * be one list.
 */
export function joinValuations(events: readonly EventEnvelope[]): EventEnvelope[] {
  const valuations = events.filter((e) => e.name === VALUATION_RECORDED);
  if (valuations.length < 2) return [...events];
  const first = valuations[0]!.payload as unknown as ValuationRecorded;
  const entries = valuations.flatMap((e) => (e.payload as unknown as ValuationRecorded).entries);
  const joined = newEvent(VALUATION_RECORDED, { ...first, entries });
  return [...events.filter((e) => e.name !== VALUATION_RECORDED), joined];
}

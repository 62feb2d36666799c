import type { ValuationEntry } from '../domain/valuation-entry';
import type { ValuationEntryDoc } from './valuation-entry.model';

/** Where an entry was made: the level it changed and the level's version after the change. */
interface EntryPlace {
  orgId: string;
  variantId: string;
  version: number;
}

/**
 * A change's entries as rows. The id is the cause and the entry's place among the change's
 * entries: a movement id or an allocation's key is fixed before the change (a recomputed change
 * after a lost race keeps it), so a row written twice inserts nothing.
 */
export const valuationRowsOf = (place: EntryPlace, entries: readonly ValuationEntry[]): ValuationEntryDoc[] =>
  entries.map(({ sale, ...entry }, index) => ({
    ...entry,
    _id: `${place.orgId}:${entry.cause.type}:${entry.cause.id}:${index}`,
    orgId: place.orgId,
    variantId: place.variantId,
    version: place.version,
    index,
    cause: { ...entry.cause },
    // A sale's fields only on its row: rows of no sale (and those written before sales were kept) lack them.
    ...(sale ? { orderId: sale.orderId, channelId: sale.channelId, revenueCents: sale.revenueCents } : {}),
  }));

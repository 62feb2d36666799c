import type { EventEnvelope } from '@stockyard/contracts';
import { type Projection } from '@stockyard/service-kit';
import { InsertBatcher } from '@stockyard/service-kit/store';
import type { mongo } from 'mongoose';
import type { StockLevel } from '../domain/stock-level';
import { VALUATION_RECORDED, type ValuationRecorded } from '../domain/valuation-recorded';
import type { ValuationDays } from './valuation-days';
import type { valuationEntryModel } from './valuation-entry.model';
import { valuationRowsOf } from './valuation-rows';

/**
 * The valuation ledger (`stock_valuation_entries`), a projection of the level store as the
 * movement ledger is (ledger.ts): a change's entries ride on its level's write as
 * `stock.valuation_recorded`, which the decision emits, applied before the change answers and
 * again by the relay from the outbox. Row ids are fixed by the change (its movement ids), so a
 * row written twice inserts nothing. A row written after its day may have been closed (a relay
 * replaying the outbox after a crash, long after the change) reopens the days from its own.
 */
export class ValuationLedger implements Projection<StockLevel> {
  readonly event = VALUATION_RECORDED;
  /** Rows of the changes of the moment go out as one insertMany. */
  private readonly inserts: InsertBatcher<mongo.Document>;

  constructor(
    entries: ReturnType<typeof valuationEntryModel>,
    private readonly days: Pick<ValuationDays, 'late' | 'reopen'>,
  ) {
    this.inserts = new InsertBatcher(entries.collection);
  }

  /** The decision's own events carry the entries. */
  updatesFor(): Record<string, unknown>[] {
    return [];
  }

  async apply(updates: readonly EventEnvelope[]): Promise<void> {
    const rows = updates.flatMap(rowsOf);
    await this.inserts.insertAll(rows);
    const now = new Date();
    const earliest = new Map<string, Date>();
    for (const { orgId, at } of rows) {
      const seen = earliest.get(orgId);
      if (this.days.late(at, now) && (!seen || at < seen)) earliest.set(orgId, at);
    }
    await Promise.all([...earliest].map(([orgId, at]) => this.days.reopen(orgId, at)));
  }
}

/** The event's rows; the outbox keeps it as JSON, so dates come back as strings. */
function rowsOf({ orgId, payload }: EventEnvelope) {
  const { variantId, version, entries } = payload as unknown as ValuationRecorded;
  return valuationRowsOf(
    { orgId, variantId, version },
    entries.map((entry) => ({ ...entry, at: new Date(entry.at) })),
  );
}

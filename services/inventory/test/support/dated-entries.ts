import { newEvent } from '@stockyard/service-kit';
import type { Connection } from 'mongoose';
import { VALUATION_RECORDED, type ValuationRecorded } from '../../src/domain/valuation-recorded';
import { valuationDayModels } from '../../src/store/valuation-day.model';
import { ValuationDays } from '../../src/store/valuation-days';
import { valuationEntryModel } from '../../src/store/valuation-entry.model';
import { ValuationLedger } from '../../src/store/valuation-ledger';

const DAY = 86_400_000;

/** `HH:MM:SS.sss` on the day `n` days before today (UTC), as an ISO date-time. */
export const dayAgo = (n: number, time = '00:00:00.000') =>
  `${new Date(Date.now() - n * DAY).toISOString().slice(0, 10)}T${time}Z`;

/**
 * Valuation entries written through the ledger's own projection with the dates given, as a relay
 * replaying an outbox long after the changes would write them (closed days reopen), and the
 * organization's closed days on the same store.
 */
export function datedEntries(connection: Connection, orgId: string, warehouseId: string) {
  const entries = valuationEntryModel(connection);
  const days = new ValuationDays({ entries, ...valuationDayModels(connection) });
  const ledger = new ValuationLedger(entries, days);
  let seq = 0;
  /** One entry; a SALE charges its value to cost of goods sold. */
  const write = (variantId: string, at: string, kind: string, quantity: number, valueCents: number, sale?: object) => {
    const entry = {
      kind,
      warehouseId,
      quantity,
      valueCents,
      cogsCents: kind === 'SALE' ? -valueCents : 0,
      quantityAfter: 0,
      valueAfterCents: 0,
      cause: { type: 'movement', id: `mov_${orgId}_${++seq}` },
      at,
      ...(sale ? { sale } : {}),
    };
    const payload = { orgId, variantId, version: seq, entries: [entry] } as unknown as ValuationRecorded;
    return ledger.apply([newEvent(VALUATION_RECORDED, { ...payload })]);
  };
  const closes = () =>
    connection
      .collection<{ _id: string; through: string | null; epoch: number }>('stock_valuation_closes')
      .findOne({ _id: orgId });
  return { days, write, closes };
}

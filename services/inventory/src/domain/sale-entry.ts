import { timesCents, toCents, type StockSale } from '@stockyard/contracts';
import type { LevelChange } from './level-change';
import type { EntrySale } from './valuation-entry';

/** The sale of `quantity` units at the line's unit price: its revenue exact in cents (0 for a line of no price). */
export const entrySaleOf = (sale: StockSale, quantity: number): EntrySale => ({
  orderId: sale.orderId,
  channelId: sale.channelId,
  revenueCents: sale.unitPrice === null ? 0 : timesCents(quantity, toCents(sale.unitPrice)),
});

/** The deduct's change with its sale on its SALE entry (the OPENING entry an out may make before it carries none). */
export function withSale(change: LevelChange, sale: StockSale | undefined, quantity: number): LevelChange {
  if (!sale || !change.valuations) return change;
  const made = entrySaleOf(sale, quantity);
  return { ...change, valuations: change.valuations.map((e) => (e.kind === 'SALE' ? { ...e, sale: made } : e)) };
}

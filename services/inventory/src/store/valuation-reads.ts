import { toUnits } from '@stockyard/contracts';
import type { CogsFold } from '../domain/cogs-fold';
import { COGS_KINDS, type SoldEntry } from '../domain/cogs-report';
import type { PositionSink } from '../domain/packed-positions';
import { PositionSums } from '../domain/position-sums';
import type { StockPosition } from '../domain/stock-position';
import { dayStart, firstDayFrom, lastDayEndedBy, nextDay } from '../domain/valuation-day';
import type { valuationEntryModel } from './valuation-entry.model';
import type { ValuationDays } from './valuation-days';

type ValuationEntryModel = ReturnType<typeof valuationEntryModel>;

/** What a sum needs of a row. */
const SUMMED = { _id: 0, variantId: 1, warehouseId: 1, quantity: 1, valueCents: 1 } as const;

interface SummedRow {
  variantId: string;
  warehouseId: string;
  quantity: number;
  valueCents: number;
}

/** What the cost of goods sold needs of a row. */
const SOLD = {
  _id: 0,
  variantId: 1,
  kind: 1,
  at: 1,
  quantity: 1,
  cogsCents: 1,
  channelId: 1,
  revenueCents: 1,
} as const;

/** A range of entry dates: from (included) to (included, or before when `$lt`). */
type AtRange = { $gte?: Date; $gt?: Date; $lte?: Date; $lt?: Date };

/**
 * The reads of a period's cost of goods sold, each a range of an index (valuation-entry.model.ts):
 * one per kind that charges it, or, for one sales channel, its sales.
 */
export const soldFilters = (orgId: string, at: AtRange, channelId?: string) =>
  channelId ? [{ orgId, channelId, at }] : COGS_KINDS.map((kind) => ({ orgId, kind, at }));

/**
 * Reads of the valuation ledger (`stock_valuation_entries`). The stock as of a moment is the sum
 * of the entries dated up to it, per variant and warehouse: every entry is a signed change of
 * quantity and value, so the sum counts each movement dated by then once, whatever order two
 * racing writes were dated in (the last row's `quantityAfter` would not: a write that lost a race
 * keeps the moment its request began, so it may be dated before the row it follows). Days closed
 * (valuation-days.ts) are added up from their sums; only the entries after the last one are read.
 */
export class ValuationReads {
  constructor(
    private readonly entries: ValuationEntryModel,
    private readonly days: ValuationDays,
  ) {}

  /** Whether the organization's stock has a valuation entry (it has then been valued in its currency). */
  async any(orgId: string): Promise<boolean> {
    return (await this.entries.findOne({ orgId }, { _id: 1 }).lean()) !== null;
  }

  /**
   * The organization's stock (one warehouse's) as of `at` into the sink, per variant and warehouse in
   * several parts to add up: the closed days ended by then, and the entries after them
   * ({orgId, [warehouseId,] at}).
   */
  async stockAsOf(orgId: string, at: Date, sink: PositionSink, warehouseId?: string): Promise<void> {
    const closed = await this.closedBy(orgId, lastDayEndedBy(at));
    const after = closed === null ? { $lte: at } : { $gte: dayStart(nextDay(closed)), $lte: at };
    const filter = warehouseId ? { orgId, warehouseId, at: after } : { orgId, at: after };
    const [, rows] = await Promise.all([
      closed === null ? null : this.days.stockThrough(orgId, closed, sink, warehouseId),
      this.entries.find(filter, SUMMED).lean<SummedRow[]>(),
    ]);
    for (const row of rows) sink(row.variantId, row.warehouseId, toUnits(row.quantity), row.valueCents);
  }

  /**
   * What charged cost of goods sold from `from` to `to` (both included), per channel and kind; one
   * channel's when named: the closed days wholly inside the period from their channel totals, the
   * entries of its ends.
   */
  async sold(orgId: string, from: Date, to: Date, channelId?: string): Promise<SoldEntry[]> {
    const { closed, ends } = await this.period(orgId, from, to);
    const days = closed ? this.days.soldPerChannel(orgId, closed.first, closed.last, channelId) : [];
    const [sums, entries] = await Promise.all([days, this.soldAt(orgId, ends, channelId)]);
    return [...sums, ...entries];
  }

  /**
   * The same per variant into the fold (a report by product): the closed days' sums and the entries
   * of the period's ends, one channel's when named, with no list of them (a month's are 300,000).
   */
  async soldPerVariant(orgId: string, from: Date, to: Date, fold: CogsFold, channelId?: string): Promise<void> {
    const { closed, ends } = await this.period(orgId, from, to);
    const [, entries] = await Promise.all([
      closed ? this.days.soldPerVariant(orgId, closed.first, closed.last, fold) : null,
      this.soldAt(orgId, ends, channelId),
    ]);
    for (const entry of entries) fold.entry(entry);
  }

  /** The entries that charged cost of goods sold in the ranges (a period's ends), one channel's when named. */
  private async soldAt(orgId: string, ranges: readonly AtRange[], channelId?: string): Promise<SoldEntry[]> {
    const reads = ranges.flatMap((at) =>
      soldFilters(orgId, at, channelId).map((f) => this.entries.find(f, SOLD).lean<SoldEntry[]>()),
    );
    return (await Promise.all(reads)).flat();
  }

  /** A period as the closed days wholly inside it (none when no day is) and the ranges of entries at its ends. */
  private async period(orgId: string, from: Date, to: Date) {
    const first = firstDayFrom(from);
    const last = await this.closedBy(orgId, lastDayEndedBy(to));
    if (last === null || first > last) return { closed: null, ends: [{ $gte: from, $lte: to }] };
    const ends: AtRange[] = [
      ...(from < dayStart(first) ? [{ $gte: from, $lt: dayStart(first) }] : []),
      ...(dayStart(nextDay(last)) <= to ? [{ $gte: dayStart(nextDay(last)), $lte: to }] : []),
    ];
    return { closed: { first, last }, ends };
  }

  /** The last closed day no later than `day`; null when none is. */
  private async closedBy(orgId: string, day: string): Promise<string | null> {
    const through = await this.days.closedThrough(orgId);
    return through === null ? null : through < day ? through : day;
  }

  /** One variant's stock as of `at`, per warehouse. */
  async variantAsOf(orgId: string, variantId: string, at: Date): Promise<StockPosition[]> {
    const sums = new PositionSums();
    const rows = this.entries
      .find({ orgId, variantId, at: { $lte: at } }, SUMMED)
      .lean<SummedRow[]>()
      .cursor();
    for await (const row of rows) sums.add(row.variantId, row.warehouseId, toUnits(row.quantity), row.valueCents);
    return sums.positions();
  }
}

import type { SoldEntry } from '../domain/cogs-report';
import type { PositionSink } from '../domain/packed-positions';
import type { StockPosition } from '../domain/stock-position';
import { PositionSums } from '../domain/position-sums';
import { eachSoldSum, SoldSums, type SoldSink, type SoldSum } from '../domain/sold-sums';
import {
  closableThrough,
  dayAt,
  dayStart,
  DayFold,
  endsMonth,
  nextDay,
  packDay,
  previousDay,
  unpackSold,
  type DayEntry,
  type ValuationDay,
} from '../domain/valuation-day';
import { salesClosingCodec, stockClosingCodec } from './closing-codecs';
import { MonthClosings } from './month-closings';
import { eachStoredPosition, rowsOf, storedOf, type StoredPositions, type StoredRows } from './stored-positions';
import type { valuationDayModels } from './valuation-day.model';
import type { valuationEntryModel } from './valuation-entry.model';

type ValuationDayModels = ReturnType<typeof valuationDayModels>;

/** A closed day's sales per variant as read. */
type SoldRow = { day: string; sold: string | StoredRows };

/**
 * How long after a day ends it may be closed: longer than any request takes between the moment its
 * entries are dated (the request's start) and their write.
 */
export const CLOSE_MARGIN_MS = 10 * 60_000;

/** What a closed day needs of an entry. */
const DAY_FIELDS = {
  _id: 0,
  variantId: 1,
  warehouseId: 1,
  kind: 1,
  at: 1,
  quantity: 1,
  valueCents: 1,
  cogsCents: 1,
  channelId: 1,
  revenueCents: 1,
} as const;

/**
 * `through` while no day is closed: below every day, so a reopen's `$min` keeps it (null would not
 * do: the store drops a null it is given, and `$min` sets a missing field).
 */
const NONE = '';

interface CloseState {
  through: string | null;
  epoch: number;
}

/**
 * The valuation ledger's closed days (valuation-day.model.ts), kept ahead of the reports: the closer
 * (valuation-closer.ts), or else the first report after a day ended, closes it, reading its entries
 * once, and the reports then add the closed days up and read only the entries after the last one.
 * An entry written after its day was closed (a relay replaying it after a crash) reopens the days
 * from its own (`reopen`): the close that raced it does not move `through` (it checks the epoch the
 * reopening changed), the next report or sweep closes them again.
 */
export class ValuationDays {
  private readonly entries: ReturnType<typeof valuationEntryModel>;
  private readonly days: ValuationDayModels['days'];
  private readonly sales: ValuationDayModels['sales'];
  private readonly channels: ValuationDayModels['channels'];
  private readonly closes: ValuationDayModels['closes'];
  private readonly closings: MonthClosings<StockPosition, PositionSink>;
  private readonly salesClosings: MonthClosings<SoldSum, SoldSink>;
  private readonly inFlight = new Map<string, Promise<string | null>>();

  constructor(
    models: ValuationDayModels & { entries: ReturnType<typeof valuationEntryModel> },
    private readonly marginMs = CLOSE_MARGIN_MS,
  ) {
    this.entries = models.entries;
    this.days = models.days;
    this.sales = models.sales;
    this.channels = models.channels;
    this.closes = models.closes;
    this.closings = new MonthClosings(models.closings, stockClosingCodec);
    this.salesClosings = new MonthClosings(models.salesClosings, salesClosingCodec);
  }

  /**
   * The organization's last closed day, after closing the days that ended since; null while none is.
   * Reports asking at once in one process share one close.
   */
  closedThrough(orgId: string, now = new Date()): Promise<string | null> {
    const running = this.inFlight.get(orgId);
    if (running) return running;
    const closing = this.closeThrough(orgId, now).finally(() => this.inFlight.delete(orgId));
    this.inFlight.set(orgId, closing);
    return closing;
  }

  private async closeThrough(orgId: string, now: Date): Promise<string | null> {
    const last = closableThrough(now, this.marginMs);
    const state = await this.state(orgId);
    if (state.through !== null && state.through >= last) return state.through;
    const first = state.through !== null ? nextDay(state.through) : await this.firstDay(orgId);
    if (first === null || first > last) return state.through;
    let through = state.through;
    // The stock and the sales since the first day at the end of each run, from the first month end
    // on: the closings of each month, and of the last day (the latest) when it ends none.
    let sums: { stock: PositionSums; sold: SoldSums } | null = null;
    for (const run of monthsOf(first, last)) {
      const closed = await this.close(orgId, run);
      const end = run[run.length - 1]!;
      const closing = endsMonth(end) ? { latest: false } : end === last ? { latest: true } : null;
      if (closing && !sums) {
        sums = { stock: new PositionSums(), sold: new SoldSums() };
        const before = previousDay(run[0]!);
        await Promise.all([
          this.stockThrough(orgId, before, sums.stock.add),
          this.soldThrough(orgId, before, sums.sold.add),
        ]);
      }
      if (sums) {
        for (const day of closed) {
          sums.stock.addAll(day.positions);
          SoldSums.feedDays(day.sold, sums.sold.add);
        }
        if (closing) {
          await Promise.all([
            this.closings.write(orgId, end, sums.stock.positionsByVariant(), closing),
            this.salesClosings.write(orgId, end, sums.sold.sums(), closing),
          ]);
        }
      }
      const moved = await this.closes.updateOne({ _id: orgId, epoch: state.epoch }, { $max: { through: end } });
      if (moved.matchedCount === 0) return (await this.state(orgId)).through;
      through = end;
    }
    return through;
  }

  /** An entry dated `at` was written after its day may have been closed: that day and the later ones open again. */
  async reopen(orgId: string, at: Date): Promise<void> {
    await this.closes.updateOne({ _id: orgId }, { $min: { through: previousDay(dayAt(at)) }, $inc: { epoch: 1 } });
  }

  /** Whether an entry dated `at` and written at `now` falls on a day that may have been closed. */
  late(at: Date, now: Date): boolean {
    return dayAt(at) <= closableThrough(now, this.marginMs);
  }

  /**
   * The stock at the end of a closed `day` into the sink, one warehouse's when named: the last month's
   * closing before it and the closed days' changes since (several positions of one variant and
   * warehouse, to add up).
   */
  stockThrough(orgId: string, day: string, sink: PositionSink, warehouseId?: string): Promise<void> {
    return fromClosing(async () => {
      const closing = await this.closings.lastBy(orgId, day);
      const since = closing ? { $gt: closing, $lte: day } : { $lte: day };
      const [fed, rows] = await Promise.all([
        closing ? this.closings.feed(orgId, closing, sink, warehouseId) : true,
        this.days.find({ orgId, day: since }, { _id: 0, positions: 1 }).lean<{ positions: StoredPositions }[]>(),
      ]);
      if (!fed) return false;
      for (const row of rows) eachStoredPosition(row.positions, sink, warehouseId);
      return true;
    });
  }

  /** The closed days' cost of goods sold from `first` to `last` (included) per channel and kind (of one if named). */
  async soldPerChannel(orgId: string, first: string, last: string, channelId?: string): Promise<SoldEntry[]> {
    const sold = await this.channelDays(orgId, first, last);
    return channelId ? sold.filter((s) => s.channelId === channelId) : sold;
  }

  /**
   * The closed days' cost of goods sold from `first` to `last` (included) per variant, channel and
   * kind into the fold. Over a long period, what was sold by its end less what was by the day before
   * it, each from a closing of the sales and the days after it, when that reads fewer days than the
   * period has.
   */
  async soldPerVariant(orgId: string, first: string, last: string, fold: SoldFold): Promise<void> {
    if (await this.soldByClosings(orgId, first, last, fold)) return;
    const rows = await this.sales
      .find({ orgId, day: { $gte: first, $lte: last } }, { _id: 0, day: 1, sold: 1 })
      .lean<SoldRow[]>();
    for (const row of rows) feedSold(row, fold.add);
  }

  /**
   * The days' channel totals from `first` to `last` (included); of a day closed before they were kept
   * apart, from its sales row.
   */
  private async channelDays(orgId: string, first: string, last: string): Promise<SoldEntry[]> {
    const range = { orgId, day: { $gte: first, $lte: last } };
    const rows = await this.channels
      .find(range, { _id: 0, day: 1, channels: 1 })
      .lean<{ day: string; channels: string }[]>();
    const kept = new Set(rows.map((row) => row.day));
    const missing = daysOf(first, last).filter((day) => !kept.has(day));
    // A range, not `$in` (the local store reads every row of the organization for one): the days
    // missing are those before the first closed day, or closed before the split, each a run.
    const older = missing.length
      ? await this.sales
          .find(
            { orgId, day: { $gte: missing[0]!, $lte: missing[missing.length - 1]! }, channels: { $exists: true } },
            { _id: 0, day: 1, channels: 1 },
          )
          .lean<{ day: string; channels: string }[]>()
      : [];
    const fromSales = older.filter((row) => !kept.has(row.day));
    return [...rows, ...fromSales].flatMap((row) => unpackSold(row.day, row.channels));
  }

  /**
   * The period's sales per variant as the difference of two cumulative sums, each a closing's and the
   * days after it, into the fold; false, with nothing fed, when reading the period's days is no more
   * (a closing weighs as a month of days).
   */
  private async soldByClosings(orgId: string, first: string, last: string, fold: SoldFold): Promise<boolean> {
    const before = previousDay(first);
    const [end, start, firstDay] = await Promise.all([
      this.salesClosings.lastBy(orgId, last),
      this.salesClosings.lastBy(orgId, before),
      this.sales.findOne({ orgId }, { _id: 0, day: 1 }).sort({ day: 1 }).lean(),
    ]);
    if (end === null || firstDay === null) return false;
    const fromStart = start ?? previousDay(firstDay.day);
    const days = daysBetween(fromStart, before) + daysBetween(end, last) + MONTH_DAYS * (start ? 2 : 1);
    if (start === end || days >= daysBetween(before, last)) return false;
    await Promise.all([this.soldThrough(orgId, last, fold.add), this.soldThrough(orgId, before, fold.subtract)]);
    return true;
  }

  /** The sales from the first day to the end of a closed `day` into the sink: a month closing and the days after it. */
  private soldThrough(orgId: string, day: string, sink: SoldSink): Promise<void> {
    return fromClosing(async () => {
      const closing = await this.salesClosings.lastBy(orgId, day);
      const since = closing ? { $gt: closing, $lte: day } : { $lte: day };
      const [fed, rows] = await Promise.all([
        closing ? this.salesClosings.feed(orgId, closing, sink) : true,
        this.sales.find({ orgId, day: since }, { _id: 0, day: 1, sold: 1 }).lean<SoldRow[]>(),
      ]);
      if (!fed) return false;
      for (const row of rows) feedSold(row, sink);
      return true;
    });
  }

  /** The organization's close state, made on its first read. */
  private async state(orgId: string): Promise<CloseState> {
    const found = await this.read(orgId);
    if (found) return found;
    await this.closes.updateOne({ _id: orgId }, { $setOnInsert: { through: NONE, epoch: 0 } }, { upsert: true });
    return (await this.read(orgId))!;
  }

  private async read(orgId: string): Promise<CloseState | null> {
    const found = await this.closes.findById(orgId, { _id: 0, through: 1, epoch: 1 }).lean<Partial<CloseState>>();
    return found ? { through: found.through || null, epoch: found.epoch ?? 0 } : null;
  }

  private async firstDay(orgId: string): Promise<string | null> {
    const first = await this.entries.findOne({ orgId }, { _id: 0, at: 1 }).sort({ at: 1 }).lean();
    return first ? dayAt(first.at) : null;
  }

  /** The run's days from their entries, each written whole (a close run again writes the same rows). */
  private async close(orgId: string, run: readonly string[]): Promise<ValuationDay[]> {
    const fold = new DayFold(run);
    const at = { $gte: dayStart(run[0]!), $lt: dayStart(nextDay(run[run.length - 1]!)) };
    for await (const entry of this.entries.find({ orgId, at }, DAY_FIELDS).lean<DayEntry[]>().cursor()) {
      fold.add(entry);
    }
    const days = fold.days();
    const packed = days.map((day) => {
      const { positions, sold, channels } = packDay(day);
      return {
        _id: `${orgId}:${day.day}`,
        orgId,
        day: day.day,
        positions: storedOf(positions),
        sold: storedOf(sold),
        channels,
      };
    });
    const replace = <R extends { _id: string }>(replacement: R) => ({
      replaceOne: { filter: { _id: replacement._id }, replacement, upsert: true },
    });
    const options = { ordered: false, throwOnValidationError: true };
    await Promise.all([
      this.days.bulkWrite(
        packed.map(({ sold: _s, channels: _c, ...row }) => replace(row)),
        options,
      ),
      this.sales.bulkWrite(
        packed.map(({ positions: _p, channels: _c, ...row }) => replace(row)),
        options,
      ),
      this.channels.bulkWrite(
        packed.map(({ positions: _p, sold: _s, ...row }) => replace(row)),
        options,
      ),
    ]);
    return days;
  }
}

/** Where a read of sales per variant goes: what it adds, and what it takes away (the sales before a period). */
type SoldFold = { add: SoldSink; subtract: SoldSink };

/** A closed day's sales per variant into the sink, each a row of one day; packed, or JSON (days closed before). */
function feedSold(row: SoldRow, sink: SoldSink): void {
  const sold = rowsOf(row.sold);
  if (typeof sold === 'string') SoldSums.feedDays(unpackSold(row.day, sold), sink);
  else eachSoldSum(sold, sink);
}

/** How many times a read asks for the last closing again when the one it was named went meanwhile. */
const CLOSING_READS = 3;

/**
 * A read from the last closing and the days after it, asked again when the closing it was named is
 * not whole by the time it reads it (a latest closing replaced by the next day's close): nothing was
 * fed then.
 */
async function fromClosing(read: () => Promise<boolean>): Promise<void> {
  for (let attempt = 1; attempt <= CLOSING_READS; attempt++) if (await read()) return;
  throw new Error(`the last valuation closing was replaced while it was read, ${CLOSING_READS} times in a row`);
}

/** What a closing costs a read, as the days it stands for. */
const MONTH_DAYS = 31;

/** The days after `from` up to `to` (0 when `to` is not after it). */
const daysBetween = (from: string, to: string) =>
  Math.max(0, (dayStart(to).getTime() - dayStart(from).getTime()) / 86_400_000);

/** Every day from `first` to `last` (included). */
function daysOf(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = nextDay(day)) days.push(day);
  return days;
}

/** The days from `first` to `last` in runs that end at month ends (the last run at `last`). */
function* monthsOf(first: string, last: string): Generator<string[]> {
  let run: string[] = [];
  for (let day = first; day <= last; day = nextDay(day)) {
    run.push(day);
    if (endsMonth(day)) {
      yield run;
      run = [];
    }
  }
  if (run.length > 0) yield run;
}

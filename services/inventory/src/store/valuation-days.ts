import type { SoldEntry } from '../domain/cogs-report';
import { PositionSums } from '../domain/position-sums';
import type { StockPosition } from '../domain/stock-position';
import {
  closableThrough,
  dayAt,
  dayStart,
  DayFold,
  endsMonth,
  nextDay,
  packDay,
  previousDay,
  unpackPositions,
  unpackSold,
  type DayEntry,
  type ValuationDay,
} from '../domain/valuation-day';
import { ValuationClosings } from './valuation-closings';
import type {
  valuationCloseModel,
  valuationClosingModel,
  valuationDayModel,
  valuationDayModels,
} from './valuation-day.model';

type ValuationDayModels = ReturnType<typeof valuationDayModels>;
import type { valuationEntryModel } from './valuation-entry.model';

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
  private readonly days: ReturnType<typeof valuationDayModel>;
  private readonly sales: ValuationDayModels['sales'];
  private readonly closes: ReturnType<typeof valuationCloseModel>;
  private readonly closings: ValuationClosings;
  private readonly inFlight = new Map<string, Promise<string | null>>();

  constructor(
    models: {
      entries: ReturnType<typeof valuationEntryModel>;
      days: ReturnType<typeof valuationDayModel>;
      sales: ValuationDayModels['sales'];
      closes: ReturnType<typeof valuationCloseModel>;
      closings: ReturnType<typeof valuationClosingModel>;
    },
    private readonly marginMs = CLOSE_MARGIN_MS,
  ) {
    this.entries = models.entries;
    this.days = models.days;
    this.sales = models.sales;
    this.closes = models.closes;
    this.closings = new ValuationClosings(models.closings);
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
    // The stock at the end of each run, from the first month end on: the closing of each month.
    let stock: PositionSums | null = null;
    for (const run of monthsOf(first, last)) {
      const closed = await this.close(orgId, run);
      const end = run[run.length - 1]!;
      if (endsMonth(end)) stock ??= new PositionSums().addAll(await this.stockThrough(orgId, previousDay(run[0]!)));
      if (stock) {
        for (const day of closed) stock.addAll(day.positions);
        if (endsMonth(end)) await this.closings.write(orgId, end, stock.positions());
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
   * The stock at the end of a closed `day`, one warehouse's when named: the last month's closing before
   * it and the closed days' changes since (several positions of one variant and warehouse, to add up).
   */
  async stockThrough(orgId: string, day: string, warehouseId?: string): Promise<StockPosition[]> {
    const closing = await this.closings.latest(orgId, day);
    const since = closing ? { $gt: closing.day, $lte: day } : { $lte: day };
    const rows = await this.days.find({ orgId, day: since }, { _id: 0, positions: 1 }).lean();
    const positions = [...(closing?.positions ?? []), ...rows.flatMap((row) => unpackPositions(row.positions))];
    return warehouseId ? positions.filter((p) => p.warehouseId === warehouseId) : positions;
  }

  /**
   * The closed days' cost of goods sold from `first` to `last` (included), one channel's when named:
   * per variant, or (`perVariant` false) per channel only.
   */
  async soldBetween(
    orgId: string,
    first: string,
    last: string,
    { channelId, perVariant }: { channelId?: string; perVariant: boolean },
  ): Promise<SoldEntry[]> {
    const field = perVariant ? 'sold' : 'channels';
    const rows = await this.sales
      .find({ orgId, day: { $gte: first, $lte: last } }, { _id: 0, day: 1, [field]: 1 })
      .lean<{ day: string; sold?: string; channels?: string }[]>();
    const sold = rows.flatMap((row) => unpackSold(row.day, row[field] ?? '[]'));
    return channelId ? sold.filter((s) => s.channelId === channelId) : sold;
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
    const packed = days.map((day) => ({ _id: `${orgId}:${day.day}`, orgId, day: day.day, ...packDay(day) }));
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
        packed.map(({ positions: _p, ...row }) => replace(row)),
        options,
      ),
    ]);
    return days;
  }
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

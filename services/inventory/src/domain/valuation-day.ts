import { fromUnits, toUnits } from '@stockyard/contracts';
import { COGS_KINDS, type SoldEntry } from './cogs-report';
import { packPositions } from './packed-positions';
import type { PackedRows } from './packed-rows';
import { eachSoldSum, packSoldSums, SoldSums } from './sold-sums';
import { PositionSums } from './position-sums';
import type { StockPosition } from './stock-position';
import type { ValuationKind } from './valuation-entry';

/**
 * A closed day of the valuation ledger (UTC): what its entries changed, added up per variant and
 * warehouse, and what they charged to cost of goods sold, per variant, sales channel and kind. The
 * reports add closed days up instead of reading every entry of them (store/valuation-days.ts).
 */
export interface ValuationDay {
  /** `YYYY-MM-DD`. */
  day: string;
  positions: StockPosition[];
  /** One row per variant, channel and kind; `summed` rows make their group even when they add up to 0. */
  sold: SoldEntry[];
}

/** An entry as a day reads it. */
export interface DayEntry {
  variantId: string;
  warehouseId: string;
  kind: ValuationKind;
  at: Date;
  quantity: number;
  valueCents: number;
  cogsCents: number;
  channelId?: string | null;
  revenueCents?: number | null;
}

const DAY_MS = 86_400_000;

/** Whether a day is its month's last. */
export const endsMonth = (day: string) => nextDay(day).endsWith('-01');

/** The UTC day a moment falls on. */
export const dayAt = (at: Date) => at.toISOString().slice(0, 10);
/** A day's first instant (UTC). */
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const nextDay = (day: string) => dayAt(new Date(dayStart(day).getTime() + DAY_MS));
export const previousDay = (day: string) => dayAt(new Date(dayStart(day).getTime() - DAY_MS));

/** The last day wholly at or before `at` (its last instant ≤ at). */
export const lastDayEndedBy = (at: Date) => previousDay(dayAt(new Date(at.getTime() + 1)));

/** The first day wholly at or after `from` (its first instant ≥ from). */
export const firstDayFrom = (from: Date) => {
  const day = dayAt(from);
  return dayStart(day).getTime() === from.getTime() ? day : nextDay(day);
};

/**
 * The last day that may be closed at `now`: ended at least `marginMs` ago. An entry is dated when its
 * request began and written as it answers; the margin is longer than any request, so a day is closed
 * only once every entry dated in it is written (one written later still, by a relay that replays it
 * after a crash, reopens the days from its own: store/valuation-days.ts).
 */
export const closableThrough = (now: Date, marginMs: number) => previousDay(dayAt(new Date(now.getTime() - marginMs)));

const soldKey = (e: DayEntry) => `${e.variantId}\u0000${e.channelId ?? ''}\u0000${e.kind}`;
const COGS = new Set<string>(COGS_KINDS);

/** Entries added up per day, as they are read; each day of `days` gets one, empty when nothing was dated in it. */
export class DayFold {
  private readonly byDay: Map<string, { positions: PositionSums; sold: Map<string, SoldRow> }>;

  constructor(days: readonly string[]) {
    this.byDay = new Map(days.map((day) => [day, { positions: new PositionSums(), sold: new Map() }]));
  }

  add(entry: DayEntry): void {
    const folded = this.byDay.get(dayAt(entry.at));
    if (!folded) return;
    folded.positions.add(entry.variantId, entry.warehouseId, toUnits(entry.quantity), entry.valueCents);
    if (COGS.has(entry.kind)) addSold(folded.sold, entry);
  }

  days(): ValuationDay[] {
    return [...this.byDay].map(([day, f]) => ({
      day,
      positions: f.positions.positions(),
      sold: [...f.sold.values()].map(({ units, ...row }) => ({ ...row, quantity: fromUnits(units) })),
    }));
  }
}

/** A sold row while it is added up: its quantity in integer units. */
type SoldRow = SoldEntry & { units: number };

/** A COGS entry into its variant, channel and kind's row; one that changes nothing makes none (as sumCogs skips it). */
function addSold(sold: Map<string, SoldRow>, entry: DayEntry) {
  const revenueCents = entry.revenueCents ?? 0;
  if (toUnits(entry.quantity) === 0 && entry.cogsCents === 0 && revenueCents === 0) return;
  const key = soldKey(entry);
  const row = sold.get(key) ?? {
    variantId: entry.variantId,
    kind: entry.kind,
    at: dayStart(dayAt(entry.at)),
    quantity: 0,
    units: 0,
    cogsCents: 0,
    channelId: entry.channelId ?? null,
    revenueCents: 0,
    summed: true,
  };
  row.units += toUnits(entry.quantity);
  row.cogsCents += entry.cogsCents;
  row.revenueCents = (row.revenueCents ?? 0) + revenueCents;
  sold.set(key, row);
}

const packSold = (sold: readonly SoldEntry[]) =>
  JSON.stringify(
    sold.map((s) => [s.variantId, s.channelId ?? null, s.kind, toUnits(s.quantity), s.cogsCents, s.revenueCents ?? 0]),
  );

/**
 * A day's sold rows added up per channel and kind (variant ''): what a report by channel or by day
 * needs, a few rows a day whatever the number of variants sold.
 */
function channelTotals(sold: readonly SoldEntry[]): SoldEntry[] {
  const totals = new Map<string, SoldRow>();
  for (const s of sold) {
    const key = `${s.channelId ?? ''}\u0000${s.kind}`;
    const total = totals.get(key) ?? { ...s, variantId: '', units: 0, cogsCents: 0, revenueCents: 0 };
    total.units += toUnits(s.quantity);
    total.cogsCents += s.cogsCents;
    total.revenueCents = (total.revenueCents ?? 0) + (s.revenueCents ?? 0);
    totals.set(key, total);
  }
  return [...totals.values()].map(({ units, ...row }) => ({ ...row, quantity: fromUnits(units) }));
}

/** A day's sales per variant packed as sums of one day each (sold-sums.ts): the closings' codec. */
const packSoldRows = (sold: readonly SoldEntry[]) => {
  const rows = new SoldSums();
  SoldSums.feedDays(sold, rows.add);
  return packSoldSums(rows.sums());
};

/** A day's rows packed: its positions and its sales per variant (packed-rows.ts), its channel totals as JSON. */
export const packDay = (day: ValuationDay) => ({
  positions: packPositions(day.positions),
  sold: packSoldRows(day.sold),
  channels: packSold(channelTotals(day.sold)),
});

type PackedSold = [string, string | null, ValuationKind, number, number, number];

/** A day's sales rows: packed, or a JSON string (channel totals; sales per variant of days closed before). */
export const unpackSold = (day: string, packed: string | PackedRows): SoldEntry[] => {
  const at = dayStart(day);
  if (typeof packed !== 'string') {
    const sold: SoldEntry[] = [];
    eachSoldSum(packed, (variantId, channelId, kind, units, cogsCents, revenueCents) =>
      sold.push({
        variantId,
        kind,
        at,
        quantity: fromUnits(units),
        cogsCents,
        channelId: channelId || null,
        revenueCents,
        summed: true,
      }),
    );
    return sold;
  }
  return (JSON.parse(packed) as PackedSold[]).map(([variantId, channelId, kind, units, cogsCents, revenueCents]) => ({
    variantId,
    kind,
    at,
    quantity: fromUnits(units),
    cogsCents,
    channelId,
    revenueCents,
    summed: true,
  }));
};

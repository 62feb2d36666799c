import { toUnits } from '@stockyard/contracts';
import type { SoldEntry } from './cogs-report';
import { eachRow, packRows, type PackedRows } from './packed-rows';
import { VALUATION_KINDS, type ValuationKind } from './valuation-entry';

/**
 * Cost of goods sold of one variant, sales channel ('' for none) and kind, added up over closed days:
 * units (signed change of on hand), cost and revenue in cents, and `days`, the closed-day rows in it
 * (a group is made by any, even when its figures add up to 0: domain/cogs-report.ts).
 */
export interface SoldSum {
  variantId: string;
  channelId: string;
  kind: ValuationKind;
  units: number;
  cogsCents: number;
  revenueCents: number;
  days: number;
}

/** Where a read's sums go, one at a time (a closing's rows: no object each). */
export type SoldSink = (
  variantId: string,
  channelId: string,
  kind: ValuationKind,
  units: number,
  cogsCents: number,
  revenueCents: number,
  days: number,
) => void;

/**
 * Sales added up per variant, channel and kind: what a closing of the sales keeps since the first day
 * (cumulative; a period is the difference of two such, folded by cogs-fold.ts), and a day's rows.
 */
export class SoldSums {
  /** Per variant, its few channel and kind sums (no key built per row: a closing adds 300,000). */
  private readonly byVariant = new Map<string, SoldSum[]>();

  readonly add: SoldSink = (variantId, channelId, kind, units, cogsCents, revenueCents, days) => {
    let sums = this.byVariant.get(variantId);
    if (!sums) this.byVariant.set(variantId, (sums = []));
    const sum = sums.find((s) => s.channelId === channelId && s.kind === kind);
    if (!sum) sums.push({ variantId, channelId, kind, units, cogsCents, revenueCents, days });
    else {
      sum.units += units;
      sum.cogsCents += cogsCents;
      sum.revenueCents += revenueCents;
      sum.days += days;
    }
  };

  /** Closed days' rows (domain/valuation-day.ts), each one day, into the sink. */
  static feedDays(sold: readonly SoldEntry[], sink: SoldSink): void {
    for (const s of sold) {
      sink(s.variantId, s.channelId ?? '', s.kind, toUnits(s.quantity), s.cogsCents, s.revenueCents ?? 0, 1);
    }
  }

  /** Every sum with a day in it. */
  sums(): SoldSum[] {
    return [...this.byVariant.values()].flat().filter((s) => s.days > 0);
  }
}

/** Sums packed (domain/packed-rows.ts): variant and channel ids; kind (its index), units, cost, revenue, days. */
export const packSoldSums = (sums: readonly SoldSum[]): PackedRows =>
  packRows(sums, 5, (s) => [
    s.variantId,
    s.channelId,
    VALUATION_KINDS.indexOf(s.kind),
    s.units,
    s.cogsCents,
    s.revenueCents,
    s.days,
  ]);

export const eachSoldSum = (packed: PackedRows, sink: SoldSink): void =>
  eachRow(packed, 5, (variantId, channelId, n) =>
    sink(variantId, channelId, VALUATION_KINDS[n[0]!]!, n[1]!, n[2]!, n[3]!, n[4]!),
  );

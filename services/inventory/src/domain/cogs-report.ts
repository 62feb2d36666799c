import { fromCents, fromUnits, toUnits, type CogsGroup } from '@stockyard/contracts';
import { inKeyOrder } from './key-order';
import type { ValuationKind } from './valuation-entry';

/** The kinds of entry that charge cost of goods sold: sales, returns, landed costs and variances on goods sold. */
export const COGS_KINDS = ['SALE', 'RETURN', 'LANDED_COST', 'COST_VARIANCE'] as const satisfies ValuationKind[];

/** A valuation row as the report reads it; a sale's channel and revenue only on rows whose deduct named one. */
export interface SoldEntry {
  variantId: string;
  kind: ValuationKind;
  at: Date;
  /** Signed change of on hand: a sale's is negative, a return's positive, a landed cost's 0. */
  quantity: number;
  cogsCents: number;
  channelId?: string | null;
  revenueCents?: number | null;
  /** A closed day's sum of such entries (domain/valuation-day.ts): it makes its group even when it adds up to 0. */
  summed?: boolean;
}

/** One group's sums, exact: units of 1/10,000 sold (less returned), revenue and cost in cents. */
export interface CogsSum {
  key: string | null;
  units: number;
  revenueCents: number;
  cogsCents: number;
}

/** The day (UTC) an entry counts under. */
export const dayOf = (entry: Pick<SoldEntry, 'at'>) => entry.at.toISOString().slice(0, 10);

/** The sales channel an entry counts under: null when its deduct named no sale (or it is a landed cost). */
export const channelOf = (entry: Pick<SoldEntry, 'channelId'>) => entry.channelId ?? null;

/**
 * The entries added up by the key each counts under, in no order (a page sorts what it shows). A sale
 * adds what it sold, its revenue and cost; a return takes them back (its quantity is positive, its
 * cost and revenue negative); a landed cost or variance adds its part on goods sold. Entries that
 * change none of the three (a landed cost that fell all on stock on hand) make no group.
 */
export function cogsGroups(entries: readonly SoldEntry[], keyOf: (entry: SoldEntry) => string | null): CogsSum[] {
  const sums = new Map<string | null, CogsSum>();
  for (const entry of entries) {
    const units = -toUnits(entry.quantity);
    const revenueCents = entry.revenueCents ?? 0;
    if (!entry.summed && units === 0 && entry.cogsCents === 0 && revenueCents === 0) continue;
    const key = keyOf(entry);
    let sum = sums.get(key);
    if (!sum) sums.set(key, (sum = { key, units: 0, revenueCents: 0, cogsCents: 0 }));
    sum.units += units;
    sum.revenueCents += revenueCents;
    sum.cogsCents += entry.cogsCents;
  }
  return [...sums.values()];
}

/** The same in key order (days in date order), the null group last. */
export const sumCogs = (entries: readonly SoldEntry[], keyOf: (entry: SoldEntry) => string | null): CogsSum[] =>
  inKeyOrder(cogsGroups(entries, keyOf));

/**
 * margin / revenue × 100 to 2 decimals, rounded half away from zero; null when revenue is 0. In
 * BigInt: cents times 10,000 can pass 2^53.
 */
export function marginPercentOf(marginCents: number, revenueCents: number): number | null {
  if (revenueCents === 0) return null;
  const [m, r] = [BigInt(marginCents) * 10_000n, BigInt(revenueCents)];
  const negative = m < 0n !== r < 0n;
  const [n, d] = [m < 0n ? -m : m, r < 0n ? -r : r];
  const hundredths = Number((2n * n + d) / (2n * d));
  return (negative ? -hundredths : hundredths) / 100;
}

/** A group's figures on the wire: amounts from cents, quantity from units. */
const figuresOf = (sum: Omit<CogsSum, 'key'>) => {
  const marginCents = sum.revenueCents - sum.cogsCents;
  return {
    quantity: fromUnits(sum.units),
    revenue: fromCents(sum.revenueCents),
    cogs: fromCents(sum.cogsCents),
    grossMargin: fromCents(marginCents),
    marginPercent: marginPercentOf(marginCents, sum.revenueCents),
  };
};

export const cogsRow = (sum: CogsSum): CogsGroup => ({ key: sum.key, ...figuresOf(sum) });

/** Every group added up (each entry counts in one group, so the groups' sums are the totals). */
export function cogsTotals(sums: readonly CogsSum[]) {
  const all = { units: 0, revenueCents: 0, cogsCents: 0 };
  for (const s of sums) {
    all.units += s.units;
    all.revenueCents += s.revenueCents;
    all.cogsCents += s.cogsCents;
  }
  const f = figuresOf(all);
  return {
    totalQuantity: f.quantity,
    totalRevenue: f.revenue,
    totalCogs: f.cogs,
    totalGrossMargin: f.grossMargin,
    totalMarginPercent: f.marginPercent,
  };
}

import { toUnits } from '@stockyard/contracts';
import type { CogsSum, SoldEntry } from './cogs-report';
import type { SoldSink } from './sold-sums';

/** A group's sums as folded, with what makes the group: its closed-day rows, or entries that change a figure. */
interface FoldedSum extends CogsSum {
  weight: number;
}

/**
 * Sales per variant added up into the report's groups (a product) as they are read, with no object
 * per row: a month of closed days at 5,000,000 movements a year holds ~300,000 rows per variant,
 * channel and kind. What a closing adds (`add`) and the one before the period takes away
 * (`subtract`) fold the same way, as do the entries of the period's open ends (`entry`). One
 * channel's only, when named. A group exists while its rows' days add up above 0 (a closed day's row
 * makes its group even at 0: cogs-report.ts), or an entry in it changes a figure.
 */
export class CogsFold {
  private readonly sums = new Map<string | null, FoldedSum>();
  private last: { variantId: string; sum: FoldedSum } | null = null;

  constructor(
    private readonly keyOf: (variantId: string) => string | null,
    private readonly channelId?: string,
  ) {}

  readonly add: SoldSink = (variantId, channelId, _kind, units, cogsCents, revenueCents, days) => {
    if (this.channelId !== undefined && channelId !== this.channelId) return;
    const sum = this.sumOf(variantId);
    sum.units -= units;
    sum.cogsCents += cogsCents;
    sum.revenueCents += revenueCents;
    sum.weight += days;
  };

  readonly subtract: SoldSink = (variantId, channelId, kind, units, cogsCents, revenueCents, days) =>
    this.add(variantId, channelId, kind, -units, -cogsCents, -revenueCents, -days);

  /** An entry of the ledger (not a closed day's sum): it makes its group only if it changes a figure. */
  entry(entry: SoldEntry): void {
    const units = toUnits(entry.quantity);
    const revenueCents = entry.revenueCents ?? 0;
    const changes = units !== 0 || entry.cogsCents !== 0 || revenueCents !== 0;
    this.add(entry.variantId, entry.channelId ?? '', entry.kind, units, entry.cogsCents, revenueCents, changes ? 1 : 0);
  }

  /** The groups, in no order (a page sorts what it shows). */
  groups(): CogsSum[] {
    const groups: CogsSum[] = [];
    for (const { weight, ...sum } of this.sums.values()) if (weight > 0) groups.push(sum);
    return groups;
  }

  /** A variant's group; a variant's rows come together, so its key is looked up once for them. */
  private sumOf(variantId: string): FoldedSum {
    if (this.last?.variantId === variantId) return this.last.sum;
    const key = this.keyOf(variantId);
    let sum = this.sums.get(key);
    if (!sum) this.sums.set(key, (sum = { key, units: 0, revenueCents: 0, cogsCents: 0, weight: 0 }));
    this.last = { variantId, sum };
    return sum;
  }
}

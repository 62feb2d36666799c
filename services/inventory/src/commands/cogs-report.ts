import type { CogsQuery, CogsReport, Page } from '@stockyard/contracts';
import { periodOf } from '../domain/as-of';
import { channelOf, cogsGroups, cogsRow, cogsTotals, dayOf, type SoldEntry } from '../domain/cogs-report';
import { pageInKeyOrder } from '../domain/key-order';
import type { InventorySettingsReads } from '../store/inventory-settings.repository';
import type { ValuationReads } from '../store/valuation-reads';
import type { VariantGroupings } from '../store/variant-groupings';

/**
 * GET /reports/cogs: cost of goods sold and gross margin over a period, from the valuation ledger's
 * entries that charge it (a sale keeps its order's channel and revenue when its deduct named them).
 */
export class CogsReports {
  constructor(
    private readonly valuations: Pick<ValuationReads, 'sold'>,
    private readonly groupings: Pick<VariantGroupings, 'values'>,
    private readonly settings: Pick<InventorySettingsReads, 'get'>,
  ) {}

  async report(orgId: string, query: CogsQuery, page: Page): Promise<CogsReport> {
    const { from, to } = periodOf(query, new Date());
    const [entries, { currency }, keyOf] = await Promise.all([
      this.valuations.sold(orgId, from, to, { channelId: query.channelId, perVariant: query.groupBy === 'product' }),
      this.settings.get(orgId),
      this.keyOf(orgId, query.groupBy),
    ]);
    const sums = cogsGroups(entries, keyOf);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      currency,
      groupBy: query.groupBy,
      channelId: query.channelId ?? null,
      ...cogsTotals(sums),
      data: pageInKeyOrder(sums, page.offset, page.limit).map(cogsRow),
      total: sums.length,
      ...page,
    };
  }

  /** What an entry counts under; a product from the variants' groupings (null: a variant it has no product of). */
  private async keyOf(orgId: string, groupBy: CogsQuery['groupBy']) {
    if (groupBy === 'channel') return channelOf;
    if (groupBy === 'day') return dayOf;
    const known = await this.groupings.values(orgId);
    // A variant's entries come together (a period's sums are per variant): its product is looked up once.
    let last: { variantId: string; productId: string | null } | null = null;
    return (entry: SoldEntry) => {
      if (last?.variantId !== entry.variantId)
        last = { variantId: entry.variantId, productId: known.get(entry.variantId)?.productId ?? null };
      return last.productId;
    };
  }
}

import type { CogsQuery, CogsReport, Page } from '@stockyard/contracts';
import { periodOf } from '../domain/as-of';
import { CogsFold } from '../domain/cogs-fold';
import { channelOf, cogsGroups, cogsRow, cogsTotals, dayOf } from '../domain/cogs-report';
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
    private readonly valuations: Pick<ValuationReads, 'sold' | 'soldPerVariant'>,
    private readonly groupings: Pick<VariantGroupings, 'values'>,
    private readonly settings: Pick<InventorySettingsReads, 'get'>,
  ) {}

  async report(orgId: string, query: CogsQuery, page: Page): Promise<CogsReport> {
    const { from, to } = periodOf(query, new Date());
    const { groupBy, channelId } = query;
    const [sums, { currency }] = await Promise.all([
      groupBy === 'product'
        ? this.byProduct(orgId, from, to, channelId)
        : this.valuations.sold(orgId, from, to, channelId).then((sold) => cogsGroups(sold, keyOf[groupBy])),
      this.settings.get(orgId),
    ]);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      currency,
      groupBy,
      channelId: channelId ?? null,
      ...cogsTotals(sums),
      data: pageInKeyOrder(sums, page.offset, page.limit).map(cogsRow),
      total: sums.length,
      ...page,
    };
  }

  /** Per product, from the variants' groupings (null: a variant it has no product of), folded as read. */
  private async byProduct(orgId: string, from: Date, to: Date, channelId?: string) {
    const known = await this.groupings.values(orgId);
    const fold = new CogsFold((variantId) => known.get(variantId)?.productId ?? null, channelId);
    await this.valuations.soldPerVariant(orgId, from, to, fold, channelId);
    return fold.groups();
  }
}

/** What an entry counts under, per channel or per day. */
const keyOf = { channel: channelOf, day: dayOf };

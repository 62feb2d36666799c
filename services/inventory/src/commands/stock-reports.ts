import type {
  InventoryAging,
  InventoryAgingQuery,
  Page,
  StockAsOf,
  StockAsOfQuery,
  StockValuation,
  StockValuationQuery,
} from '@stockyard/contracts';
import { momentOf } from '../domain/as-of';
import { agingOf } from '../domain/inventory-aging';
import { pageInKeyOrder } from '../domain/key-order';
import { stockAsOfView } from '../domain/stock-as-of';
import {
  categoryKeysOf,
  groupsByKey,
  productKeyOf,
  StockSums,
  valuationRow,
  type ValuationSum,
  type VariantGrouping,
} from '../domain/stock-valuation';
import type { AgingSnapshots } from '../store/aging-snapshots';
import type { InventorySettingsReads } from '../store/inventory-settings.repository';
import type { ReservedHistory } from '../store/reserved-ledger';
import type { StockRepository } from '../store/stock.repository';
import type { ValuationReads } from '../store/valuation-reads';
import type { VariantGroupings } from '../store/variant-groupings';
import type { VariantRepository } from '../store/variant.repository';
import type { WarehouseRepository } from '../store/warehouse.repository';

/**
 * The stock reports: the value of the stock as of a moment (from the valuation ledger), one
 * variant's stock on a past moment, and the age of what is on hand (from the cost pools). A
 * warehouse named is the organization's (else 404), deleted ones included: their history stays.
 */
export class StockReports {
  constructor(
    private readonly reads: {
      valuations: ValuationReads;
      stock: StockRepository;
      reserved: Pick<ReservedHistory, 'asOf'>;
      aging: Pick<AgingSnapshots, 'total'>;
      groupings: Pick<VariantGroupings, 'values'>;
    },
    private readonly variants: VariantRepository,
    private readonly warehouses: WarehouseRepository,
    private readonly settings: Pick<InventorySettingsReads, 'get'>,
  ) {}

  async valuation(orgId: string, query: StockValuationQuery, page: Page): Promise<StockValuation> {
    const { warehouseId, groupBy } = query;
    if (warehouseId) await this.warehouses.get(orgId, warehouseId);
    const at = momentOf(query.asOf, new Date());
    const sums = new StockSums(groupBy === 'warehouse' ? 'warehouse' : 'variant');
    const [, { currency }, known] = await Promise.all([
      this.reads.valuations.stockAsOf(orgId, at, sums.add, warehouseId),
      this.settings.get(orgId),
      groupBy === 'product' || groupBy === 'category' ? this.reads.groupings.values(orgId) : null,
    ]);
    const rows = await this.groups(orgId, sums.unordered(), groupBy, page, known);
    return {
      asOf: at.toISOString(),
      currency,
      groupBy,
      warehouseId: warehouseId ?? null,
      ...sums.totals(),
      ...rows,
      ...page,
    };
  }

  /**
   * A page of the groups (in key order) from the sums per variant (per warehouse when by warehouse),
   * each with the labels inventory knows (a variant's SKU and name, a warehouse's name).
   */
  private async groups(
    orgId: string,
    sums: ValuationSum<string>[],
    groupBy: StockValuationQuery['groupBy'],
    page: Page,
    known: ReadonlyMap<string, Pick<VariantGrouping, 'productId' | 'categoryIds'>> | null,
  ) {
    const pageOf = <K extends string | null>(groups: ValuationSum<K>[]) =>
      pageInKeyOrder(groups, page.offset, page.limit);
    if (groupBy === 'variant') {
      const shown = pageOf(sums);
      const labels = await this.variants.groupings(
        orgId,
        shown.map((s) => s.key),
      );
      return { data: shown.map((s) => valuationRow(s, labels.get(s.key))), total: sums.length };
    }
    if (groupBy === 'warehouse') {
      const shown = pageOf(sums);
      const names = await Promise.all(shown.map((s) => this.warehouseName(orgId, s.key)));
      return { data: shown.map((s, i) => valuationRow(s, { name: names[i] })), total: sums.length };
    }
    const keysOf = groupBy === 'product' ? productKeyOf : categoryKeysOf;
    const groups = groupsByKey(sums, (s) => keysOf(known?.get(s.key)));
    return { data: pageOf(groups).map((s) => valuationRow(s)), total: groups.length };
  }

  /** A warehouse's name; null for one not found (a report does not fail on a label). */
  private warehouseName(orgId: string, warehouseId: string): Promise<string | null> {
    return this.warehouses.get(orgId, warehouseId).then(
      (w) => w.name,
      () => null,
    );
  }

  /**
   * The variant's on hand and value per warehouse on the moment, and its holds: the level's now, the
   * reservation ledger's on a past moment (null before the ledger began).
   */
  async variantAsOf(orgId: string, variantId: string, query: StockAsOfQuery): Promise<StockAsOf> {
    const now = new Date();
    const at = momentOf(query.date, now);
    const current = at.getTime() === now.getTime();
    const [positions, { currency }, holds] = await Promise.all([
      this.reads.valuations.variantAsOf(orgId, variantId, at),
      this.settings.get(orgId),
      current ? this.holdsNow(orgId, variantId) : this.reads.reserved.asOf(orgId, variantId, at),
    ]);
    return stockAsOfView(variantId, at, currency, positions, holds);
  }

  private async holdsNow(orgId: string, variantId: string): Promise<Map<string, number>> {
    const level = await this.reads.stock.find(orgId, variantId);
    return new Map((level?.reservations ?? []).map((r) => [r.warehouseId, r.quantity]));
  }

  /**
   * The stock on hand now (its cost pools) by the age of its layers, counted to the moment: the
   * aging snapshot with the levels written since (store/aging-snapshots.ts), not every level.
   */
  async aging(orgId: string, query: InventoryAgingQuery): Promise<InventoryAging> {
    const { warehouseId } = query;
    if (warehouseId) await this.warehouses.get(orgId, warehouseId);
    const at = momentOf(query.asOf, new Date());
    const [sums, { currency }] = await Promise.all([this.reads.aging.total(orgId), this.settings.get(orgId)]);
    return {
      asOf: at.toISOString(),
      currency,
      warehouseId: warehouseId ?? null,
      ...agingOf(sums.rows(), at, warehouseId),
    };
  }
}

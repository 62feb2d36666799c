import type { Page, ReorderLevel, ReorderSuggestions, ReorderSuggestionsQuery } from '@stockyard/contracts';
import { pairsOf } from '../domain/reorder-levels';
import { reorderSuggestion } from '../domain/reorder-suggestions';
import type { CatalogSuppliers } from '../peers/catalog-suppliers';
import type { PurchasingOnOrder } from '../peers/purchasing-on-order';
import type { MovementRepository } from '../store/movement.repository';
import type { StockRepository } from '../store/stock.repository';
import type { VariantRepository } from '../store/variant.repository';
import type { WarehouseRepository } from '../store/warehouse.repository';

const DAY_MS = 86_400_000;

/**
 * GET /reports/reorder-suggestions: every (variant, live warehouse) with a stock row, in variant then
 * warehouse order, a page at a time; the page's rows only read their sales in the window (the
 * ledger), their labels (the variant read model), their suppliers (the catalog) and what is on
 * order (purchasing's open orders: `incoming`). A warehouse named is the organization's (else 404);
 * a deleted one has no rows (nothing is bought into it).
 */
export class ReorderSuggestionQueries {
  constructor(
    private readonly stock: Pick<StockRepository, 'ofOrganization' | 'inWarehouse'>,
    private readonly warehouses: Pick<WarehouseRepository, 'get' | 'liveByIds'>,
    private readonly variants: Pick<VariantRepository, 'groupings'>,
    private readonly movements: Pick<MovementRepository, 'soldUnits'>,
    private readonly suppliers: CatalogSuppliers,
    private readonly onOrder: PurchasingOnOrder,
  ) {}

  async report(orgId: string, query: ReorderSuggestionsQuery, page: Page): Promise<ReorderSuggestions> {
    const { warehouseId, days } = query;
    if (warehouseId) await this.warehouses.get(orgId, warehouseId);
    const now = new Date();
    const since = new Date(now.getTime() - days * DAY_MS);
    const pairs = await this.pairs(orgId, warehouseId);
    const rows = pairs.slice(page.offset, page.offset + page.limit);
    const variantIds = [...new Set(rows.map((r) => r.variantId))];
    const [sold, labels, suppliers, incoming] = await Promise.all([
      this.movements.soldUnits(orgId, variantIds, since, now, warehouseId),
      this.variants.groupings(orgId, variantIds),
      this.suppliers(orgId, variantIds),
      variantIds.length === 0 ? new Map<string, number>() : this.onOrder(orgId, variantIds, warehouseId),
    ]);
    const data = rows.map((level) =>
      reorderSuggestion({
        level,
        soldUnits: sold.get(`${level.variantId}@${level.warehouseId}`) ?? 0,
        days,
        incoming: incoming.get(`${level.variantId}@${level.warehouseId}`) ?? 0,
        supplier: suppliers.get(level.variantId),
        label: labels.get(level.variantId),
      }),
    );
    return {
      asOf: now.toISOString(),
      from: since.toISOString(),
      days,
      warehouseId: warehouseId ?? null,
      data,
      total: pairs.length,
      ...page,
    };
  }

  /** The (variant, warehouse) pairs with a stock row at a live warehouse, in variant then warehouse order. */
  private async pairs(orgId: string, warehouseId: string | undefined): Promise<ReorderLevel[]> {
    const levels = warehouseId
      ? await this.stock.inWarehouse(orgId, warehouseId)
      : await this.stock.ofOrganization(orgId);
    levels.sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));
    const pairs = levels.flatMap((l) => pairsOf(l, { warehouseId, withReorderPoint: false }));
    if (pairs.length === 0) return pairs;
    const live = await this.warehouses.liveByIds(orgId, [...new Set(pairs.map((p) => p.warehouseId))]);
    const ids = new Set(live.map((w) => w.id));
    return pairs.filter((p) => ids.has(p.warehouseId));
  }
}

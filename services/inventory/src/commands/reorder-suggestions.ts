import type { Page, ReorderSuggestions, ReorderSuggestionsQuery } from '@stockyard/contracts';
import { reorderLevelAt } from '../domain/reorder-levels';
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
 * warehouse order, a page at a time: the page's pairs and their count from the level-place index
 * (never every level), then only the page's levels, their sales in the window (the ledger), labels
 * (the variant read model), suppliers (the catalog) and what is on order (purchasing's open orders:
 * `incoming`). A warehouse named is the organization's (else 404); a deleted one has no rows
 * (nothing is bought into it).
 */
export class ReorderSuggestionQueries {
  constructor(
    private readonly stock: Pick<StockRepository, 'placePairs' | 'findMany'>,
    private readonly warehouses: Pick<WarehouseRepository, 'get' | 'liveIds'>,
    private readonly variants: Pick<VariantRepository, 'groupings'>,
    private readonly movements: Pick<MovementRepository, 'soldUnits'>,
    private readonly suppliers: CatalogSuppliers,
    private readonly onOrder: PurchasingOnOrder,
  ) {}

  async report(orgId: string, query: ReorderSuggestionsQuery, page: Page): Promise<ReorderSuggestions> {
    const { warehouseId, days } = query;
    const now = new Date();
    const since = new Date(now.getTime() - days * DAY_MS);
    const { rows, total } = await this.levels(orgId, await this.liveWarehouses(orgId, warehouseId), page);
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
      total,
      ...page,
    };
  }

  /** The warehouse named (none when deleted), else the organization's live ones. */
  private async liveWarehouses(orgId: string, warehouseId: string | undefined): Promise<string[]> {
    if (!warehouseId) return this.warehouses.liveIds(orgId);
    return (await this.warehouses.get(orgId, warehouseId)).deletedAt ? [] : [warehouseId];
  }

  /** The page's pairs with their reorder levels (a pair whose location row went meanwhile is left out). */
  private async levels(orgId: string, warehouseIds: string[], page: Page) {
    const { keys, total } = await this.stock.placePairs(orgId, warehouseIds, page);
    const levels = await this.stock.findMany(
      orgId,
      keys.map((k) => k.variantId),
    );
    const byVariant = new Map(levels.map((l) => [l.variantId, l]));
    const rows = keys.flatMap(({ variantId, warehouseId }) => {
      const level = byVariant.get(variantId);
      const held = level?.locations.some((l) => l.warehouseId === warehouseId);
      return level && held ? [reorderLevelAt(level, warehouseId)] : [];
    });
    return { rows, total };
  }
}

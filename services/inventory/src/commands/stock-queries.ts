import type { List, Page, WarehouseBreakdown, WarehouseStockQuery, WarehouseStockRow } from '@stockyard/contracts';
import { breakdown } from '../domain/get-stock-breakdown';
import { emptyRow, sortRows } from '../domain/list-warehouse-stock';
import { warehouseView } from '../domain/stock-views';
import type { StockRepository } from '../store/stock.repository';
import type { VariantRepository } from '../store/variant.repository';
import type { WarehouseRepository } from '../store/warehouse.repository';

/**
 * Read side of stock. Warehouse listings join the variant read model in memory: the
 * levels of one warehouse are read in one query (the index on locations.warehouseId),
 * which suits warehouses of up to tens of thousands of variants.
 */
export class StockQueries {
  constructor(
    private readonly stock: StockRepository,
    private readonly warehouses: WarehouseRepository,
    private readonly variants: VariantRepository,
  ) {}

  async breakdown(orgId: string, variantId: string): Promise<WarehouseBreakdown[]> {
    const level = await this.stock.find(orgId, variantId);
    if (!level) return [];
    const names = new Map<string, string>();
    const binNames = new Map<string, string>();
    for (const id of new Set(level.locations.map((l) => l.warehouseId))) {
      const warehouse = await this.warehouses.get(orgId, id).catch(() => undefined);
      if (warehouse) names.set(id, warehouse.name);
      for (const [binId, name] of await this.warehouses.binNames(orgId, id)) binNames.set(binId, name);
    }
    return breakdown(level, names, binNames);
  }

  /** Every row of the warehouse matching the search, sorted; empty ones only with includeEmpty. */
  async rows(
    orgId: string,
    warehouseId: string,
    query: Pick<WarehouseStockQuery, 'search' | 'includeEmpty'>,
  ): Promise<{ rows: WarehouseStockRow[]; binNames: Map<string, string> }> {
    await this.warehouses.get(orgId, warehouseId);
    const [levels, binNames] = await Promise.all([
      this.stock.inWarehouse(orgId, warehouseId),
      this.warehouses.binNames(orgId, warehouseId),
    ]);
    const search = query.search?.trim();
    const matching = search || query.includeEmpty ? await this.variants.matching(orgId, search) : [];
    const known = search
      ? new Map(matching.map((v) => [v.variantId, v]))
      : await this.variants.byIds(
          orgId,
          levels.map((l) => l.variantId),
        );
    let rows = levels
      .filter((l) => !search || known.has(l.variantId))
      .map((l) => ({
        ...warehouseView(l, warehouseId, binNames),
        variantId: l.variantId,
        sku: known.get(l.variantId)?.sku ?? null,
        name: known.get(l.variantId)?.name ?? null,
      }));
    if (query.includeEmpty) {
      const stocked = new Set(rows.map((r) => r.variantId));
      rows = [
        ...rows,
        ...matching.filter((v) => !stocked.has(v.variantId)).map((v) => emptyRow(v.variantId, warehouseId, v)),
      ];
    } else {
      rows = rows.filter((r) => r.onHand !== 0 || r.reserved !== 0);
    }
    return { rows, binNames };
  }

  async warehouseStock(
    orgId: string,
    warehouseId: string,
    query: WarehouseStockQuery,
    page: Page,
  ): Promise<List<WarehouseStockRow>> {
    const { rows } = await this.rows(orgId, warehouseId, query);
    const sorted = sortRows(rows, query.sortBy, query.sortOrder);
    return {
      data: sorted.slice(page.offset, page.offset + page.limit),
      total: sorted.length,
      limit: page.limit,
      offset: page.offset,
    };
  }
}

import type {
  ExportRows,
  ExportTemplateQuery,
  LineOnHand,
  List,
  MovementPage,
  MovementQuery,
  Page,
  ReceivedLine,
  StockItem,
  VariantStock,
  WarehouseBreakdown,
  WarehouseStockQuery,
  WarehouseStockRow,
} from '@stockyard/contracts';
import { countTemplateCsv } from '../domain/export-count-template';
import { breakdown } from '../domain/get-stock-breakdown';
import { linesOnHand } from '../domain/line-on-hand';
import { emptyRow, isStocked, levelRows, sortRows, stockRow } from '../domain/list-warehouse-stock';
import { availableOf, locationAt, onHandOf, type StockLevel } from '../domain/stock-level';
import { stockItemOf } from '../domain/stock-views';
import type { BinRepository } from '../store/bin.repository';
import type { BundleRepository } from '../store/bundle.repository';
import type { MovementFilters, MovementRepository } from '../store/movement.repository';
import type { StockLevelFilters, StockRepository } from '../store/stock.repository';
import type { VariantRepository } from '../store/variant.repository';
import type { WarehouseRepository } from '../store/warehouse.repository';

/**
 * Read side of stock. Warehouse listings join the variant read model in memory: the
 * levels of one warehouse are read by the level-place index, then by `_id` (`inWarehouse`),
 * which suits warehouses of up to tens of thousands of variants.
 */
export class StockQueries {
  constructor(
    private readonly stock: StockRepository,
    private readonly warehouses: WarehouseRepository,
    private readonly bins: BinRepository,
    private readonly variants: VariantRepository,
    private readonly movementRows: MovementRepository,
    private readonly bundles: BundleRepository,
  ) {}

  movements(orgId: string, query: MovementQuery, page: Page): Promise<MovementPage> {
    return this.movementRows.list(orgId, query, page);
  }

  /** An export's page of the ledger (issue #41): oldest first, each row as GET /stock/movements answers it. */
  exportMovements(orgId: string, filters: MovementFilters, after: string | null, limit: number): Promise<ExportRows> {
    return this.movementRows.exportPage(orgId, filters, after, limit);
  }

  /**
   * An export's page of stock levels (issue #41): up to `limit` level documents oldest first, each
   * giving its rows as GET /warehouses/{id}/stock answers them without `includeEmpty` (one per
   * warehouse with stock on hand or reserved, by warehouse id), the row with `warehouseId`. So a
   * page may hold more rows than `limit`, or none while `next` still leads on.
   */
  async exportLevels(
    orgId: string,
    filters: StockLevelFilters,
    after: string | null,
    limit: number,
  ): Promise<ExportRows> {
    const { levels, next } = await this.stock.exportPage(orgId, filters, after, limit);
    const warehouseIds = [...new Set(levels.flatMap((l) => l.locations.map((row) => row.warehouseId)))];
    const [binNames, known] = await Promise.all([
      this.bins.namesIn(orgId, warehouseIds),
      this.variants.byIds(
        orgId,
        levels.map((l) => l.variantId),
      ),
    ]);
    const rows = levels.flatMap((l) => levelRows(l, binNames, known.get(l.variantId), filters.warehouseId));
    return { rows, next };
  }

  /** One warehouse's ledger (deleted warehouses' too). */
  async warehouseMovements(orgId: string, warehouseId: string, query: MovementQuery, page: Page) {
    await this.warehouses.get(orgId, warehouseId);
    return this.movementRows.list(orgId, { ...query, warehouseId }, page);
  }

  /** The stock item row a PATCH /stock/items answers with. */
  async stockItem(orgId: string, level: StockLevel, warehouseId: string, binId: string | null): Promise<StockItem> {
    const row = locationAt(level, { warehouseId, binId })!;
    return stockItemOf(level, row, await this.bins.names(orgId, warehouseId));
  }

  /**
   * On hand, reserved and available of many variants over every warehouse, in one read. A
   * variant never stocked answers zeros; a bundle's variant holds no stock and answers the
   * bundle's availability (README: bundle availability).
   */
  async onHand(orgId: string, variantIds: string[]): Promise<VariantStock[]> {
    const levels = new Map((await this.stock.findMany(orgId, variantIds)).map((l) => [l.variantId, l]));
    const bundleOf = new Map(
      (await this.bundles.withVariants(orgId, variantIds)).flatMap((b) => b.variantIds.map((v) => [v, b])),
    );
    return variantIds.map((variantId): VariantStock => {
      const bundle = bundleOf.get(variantId);
      if (bundle) return { variantId, onHand: 0, reserved: 0, available: bundle.available, bundle: true };
      const level = levels.get(variantId);
      if (!level) return { variantId, onHand: 0, reserved: 0, available: 0 };
      return { variantId, onHand: onHandOf(level), reserved: level.reserved, available: availableOf(level) };
    });
  }

  /** Of received purchase-order lines, what is on hand and sold: one read of their variants' cost pools. */
  async linesOnHand(orgId: string, lines: ReceivedLine[]): Promise<LineOnHand[]> {
    const pools = await this.stock.poolsOf(
      orgId,
      lines.map((l) => l.variantId),
    );
    return linesOnHand(pools, lines);
  }

  /** The count sheet of a warehouse (a bin of it, or its Unassigned location), sorted by SKU. */
  async countTemplate(orgId: string, warehouseId: string, { scope, includeEmpty }: ExportTemplateQuery) {
    if (scope !== 'all' && scope !== 'unassigned') await this.bins.get(orgId, warehouseId, scope);
    const { rows, binNames } = await this.rows(orgId, warehouseId, { includeEmpty });
    const sorted = rows.sort(
      (a, b) => (a.sku ?? '\uffff').localeCompare(b.sku ?? '\uffff') || a.variantId.localeCompare(b.variantId),
    );
    const day = new Date().toISOString().slice(0, 10);
    return {
      filename: `stock-count-${warehouseId}-${day}.csv`,
      csv: countTemplateCsv(sorted, scope, includeEmpty, binNames),
    };
  }

  async breakdown(orgId: string, variantId: string): Promise<WarehouseBreakdown[]> {
    const level = await this.stock.find(orgId, variantId);
    if (!level) return [];
    const names = new Map<string, string>();
    const binNames = new Map<string, string>();
    for (const id of new Set(level.locations.map((l) => l.warehouseId))) {
      const warehouse = await this.warehouses.get(orgId, id).catch(() => undefined);
      if (warehouse) names.set(id, warehouse.name);
      for (const [binId, name] of await this.bins.names(orgId, id)) binNames.set(binId, name);
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
      this.bins.names(orgId, warehouseId),
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
      .map((l) => stockRow(l, warehouseId, binNames, known.get(l.variantId)));
    if (query.includeEmpty) {
      const stocked = new Set(rows.map((r) => r.variantId));
      rows = [
        ...rows,
        ...matching.filter((v) => !stocked.has(v.variantId)).map((v) => emptyRow(v.variantId, warehouseId, v)),
      ];
    } else {
      rows = rows.filter(isStocked);
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

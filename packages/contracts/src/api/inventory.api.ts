import { z } from 'zod';
import { InventorySettingsSchema, UpdateInventorySettingsSchema } from '../inventory-settings';
import { listOf, PageQuerySchema } from '../lists';
import {
  AdjustResultSchema,
  AdjustStockSchema,
  BulkCountApplySchema,
  BulkCountPreviewSchema,
  CountDiffSchema,
  CountResultSchema,
  ExportTemplateQuerySchema,
  MovementPageSchema,
  MovementQuerySchema,
  MoveStockSchema,
  PrimaryBinResultSchema,
  RelocationResultSchema,
  SetPrimaryBinSchema,
  StockItemSchema,
  TransferStockSchema,
  UpdateStockItemSchema,
  WarehouseBreakdownSchema,
  WarehouseMovementQuerySchema,
  WarehouseStockQuerySchema,
  WarehouseStockRowSchema,
} from '../stock';
import {
  CogsQuerySchema,
  CogsReportSchema,
  InventoryAgingQuerySchema,
  InventoryAgingSchema,
  StockAsOfQuerySchema,
  StockAsOfSchema,
  StockValuationQuerySchema,
  StockValuationSchema,
} from '../stock-reports';
import { ReorderSuggestionsQuerySchema, ReorderSuggestionsSchema } from '../reorder-suggestions';
import {
  BinSchema,
  CreateBinSchema,
  CreateWarehouseSchema,
  UpdateBinSchema,
  UpdateWarehouseSchema,
  WarehouseListQuerySchema,
  WarehouseSchema,
} from '../warehouses';
import { declareRoutes } from './bound-route';
import { inventoryCodes } from './inventory.errors';

const { spec, added } = declareRoutes('inventory');

/** A list's filters with the paging of every list (limit/offset and their take/skip aliases). */
const paged = <T extends z.ZodObject>(filters: T) => z.intersection(filters, PageQuerySchema);

/** The inventory service's stock routes with their wire shapes. */
const STOCK_API = {
  // Stock and warehouses: reorder points and primary bins are stock-item edits, hence stock.adjust
  adjustStock: spec('POST', '/stock/adjust', 'stock.adjust', 201, {
    body: AdjustStockSchema,
    response: AdjustResultSchema,
    errors: inventoryCodes(
      'insufficient_stock',
      'unknown_variant',
      'resource_not_found',
      'dependency_unavailable',
      'contention',
    ),
  }),
  listMovements: spec('GET', '/stock/movements', 'warehouses.read', 200, {
    query: paged(MovementQuerySchema),
    response: MovementPageSchema,
  }),
  getStockBreakdown: spec('GET', '/stock/variant/{variantId}/breakdown', 'warehouses.read', 200, {
    response: z.array(WarehouseBreakdownSchema),
  }),
  updateStockItem: spec('PATCH', '/stock/items/{variantId}/{warehouseId}', 'stock.adjust', 200, {
    body: UpdateStockItemSchema,
    response: StockItemSchema,
    errors: inventoryCodes('min_above_max', 'unknown_variant', 'dependency_unavailable', 'contention'),
  }),
  transferStock: spec('POST', '/stock/transfer', 'stock.adjust', 201, {
    body: TransferStockSchema,
    response: RelocationResultSchema,
    errors: inventoryCodes('same_warehouse', 'insufficient_stock', 'resource_not_found', 'contention'),
  }),
  moveStock: spec('POST', '/stock/move', 'stock.adjust', 201, {
    body: MoveStockSchema,
    response: RelocationResultSchema,
    errors: inventoryCodes('same_bin', 'insufficient_stock', 'resource_not_found', 'contention'),
  }),
  setPrimaryBin: spec('POST', '/stock/primary-bin', 'stock.adjust', 201, {
    body: SetPrimaryBinSchema,
    response: PrimaryBinResultSchema,
    errors: inventoryCodes('unknown_variant', 'resource_not_found', 'dependency_unavailable', 'contention'),
  }),
};

/** A warehouse's stock: its rows, its ledger and its counts. */
const WAREHOUSE_STOCK_API = {
  listWarehouseStock: spec('GET', '/warehouses/{warehouseId}/stock', 'warehouses.read', 200, {
    query: paged(WarehouseStockQuerySchema),
    response: listOf(WarehouseStockRowSchema),
  }),
  listWarehouseMovements: spec('GET', '/warehouses/{warehouseId}/stock/movements', 'warehouses.read', 200, {
    query: paged(WarehouseMovementQuerySchema),
    response: MovementPageSchema,
  }),
  // The export template is the count sheet, the first step of a count.
  exportCountTemplate: spec('GET', '/warehouses/{warehouseId}/stock/export-template', 'stock.count', 200, {
    query: ExportTemplateQuerySchema,
    response: null,
    produces: 'text/csv',
    headers: ['Content-Disposition'],
  }),
  previewCount: spec('POST', '/warehouses/{warehouseId}/stock/count/preview', 'stock.count', 201, {
    body: BulkCountPreviewSchema,
    response: z.array(CountDiffSchema),
    errors: inventoryCodes('unknown_variant', 'dependency_unavailable'),
  }),
  applyCount: spec('POST', '/warehouses/{warehouseId}/stock/count/apply', 'stock.count', 201, {
    body: BulkCountApplySchema,
    response: z.array(CountResultSchema),
    errors: inventoryCodes('duplicate_count_line', 'unknown_variant', 'dependency_unavailable', 'contention'),
  }),
};

/** Warehouses and their bins. */
const WAREHOUSES_API = {
  listWarehouses: added('GET', '/warehouses', 'warehouses.read', 200, {
    query: paged(WarehouseListQuerySchema),
    response: listOf(WarehouseSchema),
  }),
  createWarehouse: added('POST', '/warehouses', 'warehouses.manage', 201, {
    body: CreateWarehouseSchema,
    response: WarehouseSchema,
    errors: inventoryCodes('warehouse_code_taken'),
  }),
  getWarehouse: added('GET', '/warehouses/{warehouseId}', 'warehouses.read', 200, { response: WarehouseSchema }),
  updateWarehouse: added('PATCH', '/warehouses/{warehouseId}', 'warehouses.manage', 200, {
    body: UpdateWarehouseSchema,
    response: WarehouseSchema,
    errors: inventoryCodes('warehouse_deleted', 'warehouse_code_taken'),
  }),
  deleteWarehouse: added('DELETE', '/warehouses/{warehouseId}', 'warehouses.manage', 204, {
    response: null,
    errors: inventoryCodes('warehouse_deleted', 'warehouse_not_empty'),
  }),
  listBins: added('GET', '/warehouses/{warehouseId}/bins', 'warehouses.read', 200, {
    query: PageQuerySchema,
    response: listOf(BinSchema),
  }),
  createBin: added('POST', '/warehouses/{warehouseId}/bins', 'warehouses.manage', 201, {
    body: CreateBinSchema,
    response: BinSchema,
    errors: inventoryCodes('bin_name_taken', 'warehouse_deleted'),
  }),
  renameBin: added('PATCH', '/warehouses/{warehouseId}/bins/{binId}', 'warehouses.manage', 200, {
    body: UpdateBinSchema,
    response: BinSchema,
    errors: inventoryCodes('bin_name_taken'),
  }),
  deleteBin: added('DELETE', '/warehouses/{warehouseId}/bins/{binId}', 'warehouses.manage', 204, {
    response: null,
    errors: inventoryCodes('bin_not_empty'),
  }),
};

/** How stock is valued (issue #42): the costing method and the currency, an organization setting. */
const SETTINGS_API = {
  getInventorySettings: added('GET', '/inventory-settings', 'settings.read', 200, {
    response: InventorySettingsSchema,
  }),
  updateInventorySettings: added('PATCH', '/inventory-settings', 'settings.write', 200, {
    body: UpdateInventorySettingsSchema,
    response: InventorySettingsSchema,
    errors: inventoryCodes('currency_locked', 'contention'),
  }),
};

/** What the stock is worth and how old it is, from the valuation ledger and the cost layers (issue #42). */
const STOCK_REPORTS_API = {
  getStockValuation: added('GET', '/reports/stock-valuation', 'reports.read', 200, {
    query: paged(StockValuationQuerySchema),
    response: StockValuationSchema,
    errors: inventoryCodes('resource_not_found'),
  }),
  getStockAsOf: added('GET', '/stock/variant/{variantId}/as-of', 'reports.read', 200, {
    query: StockAsOfQuerySchema,
    response: StockAsOfSchema,
  }),
  getInventoryAging: added('GET', '/reports/inventory-aging', 'reports.read', 200, {
    query: InventoryAgingQuerySchema,
    response: InventoryAgingSchema,
    errors: inventoryCodes('resource_not_found'),
  }),
  getCogsReport: added('GET', '/reports/cogs', 'reports.read', 200, {
    query: paged(CogsQuerySchema),
    response: CogsReportSchema,
  }),
  getReorderSuggestions: added('GET', '/reports/reorder-suggestions', 'reports.read', 200, {
    query: paged(ReorderSuggestionsQuerySchema),
    response: ReorderSuggestionsSchema,
    errors: inventoryCodes('resource_not_found', 'dependency_unavailable'),
  }),
};

/** The inventory service's routes with their wire shapes. */
export const INVENTORY_API = {
  ...STOCK_API,
  ...WAREHOUSE_STOCK_API,
  ...WAREHOUSES_API,
  ...SETTINGS_API,
  ...STOCK_REPORTS_API,
};

import { z } from 'zod';
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
  BinSchema,
  CreateBinSchema,
  CreateWarehouseSchema,
  UpdateBinSchema,
  UpdateWarehouseSchema,
  WarehouseListQuerySchema,
  WarehouseSchema,
} from '../warehouses';
import { apiRoute } from './bound-route';
import { inventoryCodes } from './inventory.errors';

/** A list's filters with the paging of every list (limit/offset and their take/skip aliases). */
const paged = <T extends z.ZodObject>(filters: T) => z.intersection(filters, PageQuerySchema);

/** The inventory service's stock routes with their wire shapes. */
const STOCK_API = {
  adjustStock: apiRoute('POST', '/stock/adjust', {
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
  listMovements: apiRoute('GET', '/stock/movements', {
    query: paged(MovementQuerySchema),
    response: MovementPageSchema,
  }),
  getStockBreakdown: apiRoute('GET', '/stock/variant/{variantId}/breakdown', {
    response: z.array(WarehouseBreakdownSchema),
  }),
  updateStockItem: apiRoute('PATCH', '/stock/items/{variantId}/{warehouseId}', {
    body: UpdateStockItemSchema,
    response: StockItemSchema,
    errors: inventoryCodes('min_above_max', 'unknown_variant', 'dependency_unavailable', 'contention'),
  }),
  transferStock: apiRoute('POST', '/stock/transfer', {
    body: TransferStockSchema,
    response: RelocationResultSchema,
    errors: inventoryCodes('same_warehouse', 'insufficient_stock', 'resource_not_found', 'contention'),
  }),
  moveStock: apiRoute('POST', '/stock/move', {
    body: MoveStockSchema,
    response: RelocationResultSchema,
    errors: inventoryCodes('same_bin', 'insufficient_stock', 'resource_not_found', 'contention'),
  }),
  setPrimaryBin: apiRoute('POST', '/stock/primary-bin', {
    body: SetPrimaryBinSchema,
    response: PrimaryBinResultSchema,
    errors: inventoryCodes('unknown_variant', 'resource_not_found', 'dependency_unavailable', 'contention'),
  }),
};

/** A warehouse's stock: its rows, its ledger and its counts. */
const WAREHOUSE_STOCK_API = {
  listWarehouseStock: apiRoute('GET', '/warehouses/{warehouseId}/stock', {
    query: paged(WarehouseStockQuerySchema),
    response: listOf(WarehouseStockRowSchema),
  }),
  listWarehouseMovements: apiRoute('GET', '/warehouses/{warehouseId}/stock/movements', {
    query: paged(WarehouseMovementQuerySchema),
    response: MovementPageSchema,
  }),
  exportCountTemplate: apiRoute('GET', '/warehouses/{warehouseId}/stock/export-template', {
    query: ExportTemplateQuerySchema,
    response: null,
    produces: 'text/csv',
    headers: ['Content-Disposition'],
  }),
  previewCount: apiRoute('POST', '/warehouses/{warehouseId}/stock/count/preview', {
    body: BulkCountPreviewSchema,
    response: z.array(CountDiffSchema),
    errors: inventoryCodes('unknown_variant', 'dependency_unavailable'),
  }),
  applyCount: apiRoute('POST', '/warehouses/{warehouseId}/stock/count/apply', {
    body: BulkCountApplySchema,
    response: z.array(CountResultSchema),
    errors: inventoryCodes('duplicate_count_line', 'unknown_variant', 'dependency_unavailable', 'contention'),
  }),
};

/** Warehouses and their bins. */
const WAREHOUSES_API = {
  listWarehouses: apiRoute('GET', '/warehouses', {
    query: paged(WarehouseListQuerySchema),
    response: listOf(WarehouseSchema),
  }),
  createWarehouse: apiRoute('POST', '/warehouses', {
    body: CreateWarehouseSchema,
    response: WarehouseSchema,
    errors: inventoryCodes('warehouse_code_taken'),
  }),
  getWarehouse: apiRoute('GET', '/warehouses/{warehouseId}', { response: WarehouseSchema }),
  updateWarehouse: apiRoute('PATCH', '/warehouses/{warehouseId}', {
    body: UpdateWarehouseSchema,
    response: WarehouseSchema,
    errors: inventoryCodes('warehouse_deleted', 'warehouse_code_taken'),
  }),
  deleteWarehouse: apiRoute('DELETE', '/warehouses/{warehouseId}', {
    response: null,
    errors: inventoryCodes('warehouse_deleted', 'warehouse_not_empty'),
  }),
  listBins: apiRoute('GET', '/warehouses/{warehouseId}/bins', { query: PageQuerySchema, response: listOf(BinSchema) }),
  createBin: apiRoute('POST', '/warehouses/{warehouseId}/bins', {
    body: CreateBinSchema,
    response: BinSchema,
    errors: inventoryCodes('bin_name_taken', 'warehouse_deleted'),
  }),
  renameBin: apiRoute('PATCH', '/warehouses/{warehouseId}/bins/{binId}', {
    body: UpdateBinSchema,
    response: BinSchema,
    errors: inventoryCodes('bin_name_taken'),
  }),
  deleteBin: apiRoute('DELETE', '/warehouses/{warehouseId}/bins/{binId}', {
    response: null,
    errors: inventoryCodes('bin_not_empty'),
  }),
};

/** The inventory service's routes with their wire shapes. */
export const INVENTORY_API = { ...STOCK_API, ...WAREHOUSE_STOCK_API, ...WAREHOUSES_API };

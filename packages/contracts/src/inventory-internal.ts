import { z } from 'zod';
import { nonNegativeQuantity } from './amounts';
import { idSchema } from './ids';
import { MAX_PO_LINES } from './purchase-orders';
import { WarehouseSchema } from './warehouses';

/**
 * Inventory's internal reads (beside the stock moves of stock-internal.ts): stock of many
 * variants in one call, summed over every warehouse. The catalog asks before a conversion
 * to a type that holds no stock.
 */
export const INTERNAL_STOCK_READ_PATHS = {
  onHand: '/stock/on-hand',
  linesOnHand: '/stock/lines-on-hand',
  reorderLevels: '/stock/reorder-levels',
} as const;

export const StockOnHandQuerySchema = z
  .object({ variantIds: z.array(z.string().min(1).max(128)).min(1).max(500) })
  .strict();
export type StockOnHandQuery = z.infer<typeof StockOnHandQuerySchema>;

export const VariantStockSchema = z.object({
  variantId: z.string(),
  onHand: z.number(),
  reserved: z.number(),
  available: z.number(),
  /** A catalog bundle's variant: no stock of its own; `available` is how many its components make. */
  bundle: z.boolean().optional(),
});
export type VariantStock = z.infer<typeof VariantStockSchema>;
/** One row per asked variant, in the asked order; a variant inventory never saw has zeros. */
export const StockOnHandSchema = z.object({ data: z.array(VariantStockSchema) });

/**
 * Received purchase-order lines (invoicing's landed-cost summary): `origin` is the line's key on
 * the cost layers its receipts made (`<purchaseOrderId>:<lineId>`, as purchasing receives it),
 * `warehouseId` the order's (its receipts went there), `receivedQuantity` the line's.
 */
const ReceivedLineSchema = z
  .object({
    origin: z.string().trim().min(1).max(200),
    variantId: idSchema(),
    warehouseId: idSchema(),
    receivedQuantity: nonNegativeQuantity(),
  })
  .strict();
export type ReceivedLine = z.infer<typeof ReceivedLineSchema>;
export const LinesOnHandQuerySchema = z
  .object({ lines: z.array(ReceivedLineSchema).min(1).max(MAX_PO_LINES) })
  .strict();

/**
 * Of each line's received quantity, what is still on hand and what is sold (`onHand + sold =
 * receivedQuantity`), by the rule a landed cost or an invoice variance is split with onto the
 * layers: under FIFO the units of the layers of that origin in every warehouse; in a moving-average
 * pool that mixed origins, the line's share of what the pool has left of what came in. One row per
 * asked line, in the asked order.
 */
const LineOnHandSchema = z.object({
  origin: z.string(),
  variantId: z.string(),
  onHand: z.number(),
  sold: z.number(),
});
export type LineOnHand = z.infer<typeof LineOnHandSchema>;
export const LinesOnHandSchema = z.object({ data: z.array(LineOnHandSchema) });

/**
 * Reorder levels per variant and warehouse (purchasing's orders from requirements): the
 * (variant, warehouse) pairs that have a reorder point, one page at a time in (variantId,
 * warehouseId) order; `after` is the previous page's `next`. Narrowed to one warehouse or to
 * some variants (then those variants' pairs, with or without a reorder point).
 */
export const ReorderLevelsQuerySchema = z
  .object({
    warehouseId: idSchema().optional(),
    variantIds: z.array(idSchema()).min(1).max(500).optional(),
    after: z.string().max(300).optional(),
    limit: z.number().int().min(1).max(500).default(500),
  })
  .strict();
export type ReorderLevelsQuery = z.input<typeof ReorderLevelsQuerySchema>;

/**
 * A warehouse's reorder point of a variant, from its stock rows (bins and Unassigned): `minQuantity`
 * and `maxQuantity` are the sums of the rows that set them (null when none does), compared with
 * the warehouse's `available` (on hand − reserved) over every row.
 */
export const ReorderLevelSchema = z.object({
  variantId: z.string(),
  warehouseId: z.string(),
  onHand: z.number(),
  reserved: z.number(),
  available: z.number(),
  minQuantity: z.number().nullable(),
  maxQuantity: z.number().nullable(),
});
export type ReorderLevel = z.infer<typeof ReorderLevelSchema>;
export const ReorderLevelsSchema = z.object({ data: z.array(ReorderLevelSchema), next: z.string().nullable() });
export type ReorderLevels = z.infer<typeof ReorderLevelsSchema>;

/**
 * Inventory's warehouse read: the caller organization's live warehouses among the ids (an
 * unknown id, a deleted warehouse or another organization's is left out). The catalog asks
 * it when a sales channel names a warehouse.
 */
export const INTERNAL_WAREHOUSE_PATHS = { batch: '/warehouses/batch' } as const;

export const WarehouseBatchQuerySchema = z.object({ ids: z.array(idSchema()).min(1).max(500) }).strict();
export type WarehouseBatchQuery = z.infer<typeof WarehouseBatchQuerySchema>;
/** The live warehouses found, each once, in no particular order. */
export const WarehouseBatchSchema = z.object({ data: z.array(WarehouseSchema) });

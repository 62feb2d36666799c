import { z } from 'zod';
import { idSchema } from './ids';
import { nonNegativeMoney, nonNegativeQuantity, positiveQuantity, quantity } from './amounts';

/**
 * Every way stock can move; each movement record carries one.
 * ADJUSTMENT manual signed change · TRANSFER_OUT/TRANSFER_IN the two halves of a transfer
 * between warehouses or a move between bins · SALE deducted on fulfilment · RECEIPT
 * received into stock (purchasing) · COUNT the difference a stock count applied ·
 * RETURN goods coming back from a customer.
 */
export const MOVEMENT_TYPES = [
  'ADJUSTMENT',
  'TRANSFER_OUT',
  'TRANSFER_IN',
  'SALE',
  'RECEIPT',
  'COUNT',
  'RETURN',
] as const;
export const MovementTypeSchema = z.enum(MOVEMENT_TYPES);
export type MovementType = z.infer<typeof MovementTypeSchema>;

const id = idSchema();
/** null (or omitted where stated) is the warehouse's Unassigned location. */
const binId = id.nullable();

export const AdjustStockSchema = z
  .object({
    variantId: id,
    warehouseId: id,
    /** null or omitted: the warehouse's Unassigned location. */
    binId: binId.optional(),
    /** Signed change of on-hand quantity. */
    quantity: quantity().refine((q) => q !== 0, 'must not be zero'),
    reason: z.string().trim().min(1).max(500),
    /**
     * What one unit added is worth (stock valuation), for an adjust in; omitted, it comes in at
     * the current average cost. Refused on an adjust out, which takes its cost from the stock.
     */
    unitCost: nonNegativeMoney().optional(),
  })
  .strict()
  .refine((a) => a.unitCost === undefined || a.quantity > 0, {
    message: 'only an adjust in (a positive quantity) takes a unitCost',
    path: ['unitCost'],
  });
export type AdjustStock = z.infer<typeof AdjustStockSchema>;

export const StockMovementSchema = z.object({
  id: z.string(),
  type: MovementTypeSchema,
  variantId: z.string(),
  warehouseId: z.string(),
  binId: z.string().nullable(),
  /** Signed: negative for what left the location. */
  quantity: z.number(),
  reason: z.string(),
  onHandAfter: z.number(),
  /** Ties movements of one operation together (a transfer's pair, a count, an operation key). */
  reference: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

/** 201 of POST /stock/adjust: the movement and the variant's available quantity after it. */
export const AdjustResultSchema = StockMovementSchema.extend({ available: z.number() });
export type AdjustResult = z.infer<typeof AdjustResultSchema>;

/** 201 of POST /stock/transfer and /stock/move: the OUT/IN pair, tied by `id` (their `reference`). */
export const RelocationResultSchema = z.object({
  id: z.string(),
  variantId: z.string(),
  quantity: z.number(),
  movements: z.array(StockMovementSchema),
  available: z.number(),
});
export type RelocationResult = z.infer<typeof RelocationResultSchema>;

/** 201 of POST /stock/primary-bin. */
export const PrimaryBinResultSchema = z.object({
  variantId: z.string(),
  warehouseId: z.string(),
  primaryBinId: z.string().nullable(),
});
export type PrimaryBinResult = z.infer<typeof PrimaryBinResultSchema>;

/**
 * GET /stock/movements filters (paging from PageQuerySchema). `startingAfter` is a page's
 * `next` cursor and asks for the page after it, which costs the same however deep (an offset
 * reads past every row it skips); it does not combine with an offset. `includeTotal` counts
 * the matching movements: by default on offset pages, not on cursor pages.
 */
export const MovementQuerySchema = z.object({
  variantId: id.optional(),
  warehouseId: id.optional(),
  type: MovementTypeSchema.optional(),
  startingAfter: z
    .string()
    .max(300)
    .regex(/^[A-Za-z0-9_-]+$/, 'a page’s `next` cursor')
    .optional(),
  includeTotal: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});
export type MovementQuery = z.infer<typeof MovementQuerySchema>;
/** GET /warehouses/{id}/stock/movements: the same, the warehouse being the path's. */
export const WarehouseMovementQuerySchema = MovementQuerySchema.omit({ variantId: true, warehouseId: true });

/** A page of the ledger, newest first: `next` is the cursor of the following page (null on the last). */
export const MovementPageSchema = z.object({
  data: z.array(StockMovementSchema),
  /** The matching movements, when counted (see `includeTotal`). */
  total: z.number().int().min(0).optional(),
  limit: z.number().int(),
  offset: z.number().int(),
  next: z.string().nullable(),
});
export type MovementPage = z.infer<typeof MovementPageSchema>;

export const TransferStockSchema = z
  .object({
    variantId: id,
    fromWarehouseId: id,
    toWarehouseId: id,
    quantity: positiveQuantity(),
    notes: z.string().trim().max(500).optional(),
  })
  .strict();
export type TransferStock = z.infer<typeof TransferStockSchema>;

export const MoveStockSchema = z
  .object({ variantId: id, warehouseId: id, fromBinId: binId, toBinId: binId, quantity: positiveQuantity() })
  .strict();
export type MoveStock = z.infer<typeof MoveStockSchema>;

/** SetPrimaryBinDto: binId null clears the designation. */
export const SetPrimaryBinSchema = z.object({ variantId: id, warehouseId: id, binId }).strict();
export type SetPrimaryBin = z.infer<typeof SetPrimaryBinSchema>;

export const UpdateStockItemSchema = z
  .object({
    binId: binId.optional(),
    minQuantity: nonNegativeQuantity().nullable().optional(),
    maxQuantity: nonNegativeQuantity().nullable().optional(),
  })
  .strict()
  .refine((b) => b.minQuantity !== undefined || b.maxQuantity !== undefined, 'minQuantity or maxQuantity is required');
export type UpdateStockItem = z.infer<typeof UpdateStockItemSchema>;

/** One stock item: a variant at one location (bin or Unassigned) of a warehouse. */
export const StockItemSchema = z.object({
  variantId: z.string(),
  warehouseId: z.string(),
  binId: z.string().nullable(),
  binName: z.string().nullable(),
  onHand: z.number(),
  minQuantity: z.number().nullable(),
  maxQuantity: z.number().nullable(),
  isPrimary: z.boolean(),
});
export type StockItem = z.infer<typeof StockItemSchema>;

export const WarehouseBreakdownSchema = z.object({
  warehouseId: z.string(),
  warehouseName: z.string().nullable(),
  onHand: z.number(),
  reserved: z.number(),
  /** onHand − reserved; negative when oversold. */
  available: z.number(),
  primaryBinId: z.string().nullable(),
  bins: z.array(StockItemSchema),
});
export type WarehouseBreakdown = z.infer<typeof WarehouseBreakdownSchema>;

export const STOCK_SORT_FIELDS = ['sku', 'name', 'onHand', 'available', 'variantId'] as const;
const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/** GET /warehouses/{id}/stock filters (paging from PageQuerySchema). */
export const WarehouseStockQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  includeEmpty: flag,
  sortBy: z.enum(STOCK_SORT_FIELDS).default('sku'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export type WarehouseStockQuery = z.infer<typeof WarehouseStockQuerySchema>;

export const WarehouseStockRowSchema = WarehouseBreakdownSchema.omit({ warehouseName: true }).extend({
  variantId: z.string(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
});
export type WarehouseStockRow = z.infer<typeof WarehouseStockRowSchema>;

/** `scope`: `all` (every location), `unassigned`, or one bin id. */
export const ExportTemplateQuerySchema = z.object({ scope: id.default('all'), includeEmpty: flag });
export type ExportTemplateQuery = z.infer<typeof ExportTemplateQuerySchema>;
export const COUNT_TEMPLATE_COLUMNS = [
  'variantId',
  'sku',
  'name',
  'binId',
  'binName',
  'onHand',
  'countedQuantity',
] as const;

const CountLineSchema = z
  .object({ variantId: id, binId: binId.optional(), countedQuantity: nonNegativeQuantity() })
  .strict();
/** BulkCountPreviewDto. */
export const BulkCountPreviewSchema = z.object({ lines: z.array(CountLineSchema).min(1).max(5000) }).strict();
/**
 * BulkCountApplyDto. `countId` names the count: applying the same count again moves
 * nothing. Without it the Idempotency-Key header names it.
 */
export const BulkCountApplySchema = BulkCountPreviewSchema.extend({
  countId: z.string().trim().min(1).max(128).optional(),
  reason: z.string().trim().min(1).max(500).optional(),
}).strict();
export type BulkCountPreview = z.infer<typeof BulkCountPreviewSchema>;
export type BulkCountApply = z.infer<typeof BulkCountApplySchema>;

export const CountDiffSchema = z.object({
  variantId: z.string(),
  binId: z.string().nullable(),
  onHand: z.number(),
  countedQuantity: z.number(),
  difference: z.number(),
});
export const CountResultSchema = CountDiffSchema.extend({
  countId: z.string(),
  /** false when this count had already been applied to the variant (nothing moved now). */
  applied: z.boolean(),
  movementId: z.string().nullable(),
});
export type CountDiff = z.infer<typeof CountDiffSchema>;
export type CountResult = z.infer<typeof CountResultSchema>;

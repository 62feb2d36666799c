import { z } from 'zod';

/** Every way stock can move; each movement record carries one. */
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

const id = z.string().min(1).max(128);

export const AdjustStockSchema = z
  .object({
    variantId: id,
    warehouseId: id,
    /** null or omitted: the warehouse's Unassigned location. */
    binId: id.nullable().optional(),
    /** Signed change of on-hand quantity. */
    quantity: z.number().finite().refine((q) => q !== 0, 'must not be zero'),
    reason: z.string().trim().min(1).max(500),
  })
  .strict();
export type AdjustStock = z.infer<typeof AdjustStockSchema>;

export const StockMovementSchema = z.object({
  id: z.string(),
  type: MovementTypeSchema,
  variantId: z.string(),
  warehouseId: z.string(),
  binId: z.string().nullable(),
  quantity: z.number(),
  reason: z.string(),
  onHandAfter: z.number(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

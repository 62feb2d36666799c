import { z } from 'zod';

/** Warehouses and their bins: resources the spec names only through permissions. */
const name = z.string().trim().min(1).max(200);
const code = z.string().trim().min(1).max(50);

export const CreateWarehouseSchema = z
  .object({ name, code: code.nullable().optional(), address: z.string().trim().max(1000).nullable().optional() })
  .strict();
export type CreateWarehouse = z.infer<typeof CreateWarehouseSchema>;

export const UpdateWarehouseSchema = CreateWarehouseSchema.partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required');
export type UpdateWarehouse = z.infer<typeof UpdateWarehouseSchema>;

export const WarehouseSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Soft delete: set when deleted; deleted warehouses are hidden from the default list. */
  deletedAt: z.string().nullable(),
});
export type Warehouse = z.infer<typeof WarehouseSchema>;

/** Filters of GET /warehouses; paging comes from PageQuerySchema. */
export const WarehouseListQuerySchema = z.object({
  includeDeleted: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const CreateBinSchema = z.object({ name }).strict();
export const UpdateBinSchema = z.object({ name }).strict();
export type CreateBin = z.infer<typeof CreateBinSchema>;

export const BinSchema = z.object({
  id: z.string(),
  warehouseId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Bin = z.infer<typeof BinSchema>;

import { z } from 'zod';
import { nonNegativeMoney, nonNegativeQuantity } from './amounts';
import { idSchema } from './ids';

/**
 * Source channels (`src_…`, inbound: suppliers) and their SKUs (`ssk_…`), the supplier's
 * offers: a source SKU linked to a variant is that supplier's offer for it (issue #18).
 */
const id = idSchema();
const name = z.string().trim().min(1).max(200);
const text = (max: number) => z.string().trim().max(max);
const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');
const optionalFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

/** ISO 4217 code, upper case. */
export const currencySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter ISO 4217 code')
  .transform((c) => c.toUpperCase());

const sourceFields = {
  name,
  /** Where purchase orders are e-mailed. */
  email: z.string().trim().email().max(254).nullable(),
  contactName: text(200).nullable(),
  phone: text(50).nullable(),
  address: text(1000).nullable(),
  currency: currencySchema,
  leadTimeDays: z.number().int().min(0).max(3650).nullable(),
  /** The supplier's payment terms: an invoice is due this many days after its date (invoicing's default dueDate). */
  paymentTermsDays: z.number().int().min(0).max(3650).nullable(),
  active: z.boolean(),
};

export const CreateSourceSchema = z
  .object({ ...sourceFields })
  .partial()
  .required({ name: true })
  .strict();
export type CreateSource = z.infer<typeof CreateSourceSchema>;

export const UpdateSourceSchema = z
  .object(sourceFields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required');
export type UpdateSource = z.infer<typeof UpdateSourceSchema>;

export const SourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  currency: z.string(),
  leadTimeDays: z.number().nullable(),
  paymentTermsDays: z.number().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Soft delete: the record and its SKUs stay readable (purchase orders name them). */
  deletedAt: z.string().nullable(),
});
export type Source = z.infer<typeof SourceSchema>;

export const SourceListQuerySchema = z.object({ includeDeleted: flag });

// Source SKUs

/** The supplier's own SKU: any printable text without line breaks. */
export const supplierSkuSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\r\n\t]+$/, 'must not contain line breaks or tabs');

const skuFields = {
  name: text(255).nullable(),
  cost: nonNegativeMoney().nullable(),
  availableQuantity: nonNegativeQuantity().nullable(),
  /** The variant this offer is for; null unlinks. */
  variantId: id.nullable(),
  upc: text(64).nullable(),
  /** The variant's preferred offer (one per variant); only with a variant. */
  preferred: z.boolean(),
};

export const SourceSkuInputSchema = z
  .object({ sku: supplierSkuSchema, ...skuFields })
  .partial()
  .required({ sku: true })
  .strict();
export type SourceSkuInput = z.infer<typeof SourceSkuInputSchema>;

/** POST /sources/{id}/skus: upserts by `sku`; fields left out keep their stored values. */
export const UpsertSourceSkusSchema = z
  .object({ skus: z.array(SourceSkuInputSchema).min(1).max(1000) })
  .strict()
  .refine((b) => new Set(b.skus.map((s) => s.sku)).size === b.skus.length, {
    message: 'each sku may appear once',
    path: ['skus'],
  });
export type UpsertSourceSkus = z.infer<typeof UpsertSourceSkusSchema>;

export const UpdateSourceSkuSchema = z
  .object(skuFields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required');
export type UpdateSourceSku = z.infer<typeof UpdateSourceSkuSchema>;

export const SourceSkuSchema = z.object({
  id: z.string(),
  sourceChannelId: z.string(),
  sku: z.string(),
  name: z.string().nullable(),
  cost: z.number().nullable(),
  availableQuantity: z.number().nullable(),
  variantId: z.string().nullable(),
  upc: z.string().nullable(),
  preferred: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SourceSku = z.infer<typeof SourceSkuSchema>;

export const UpsertSourceSkusResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  data: z.array(SourceSkuSchema),
});
export type UpsertSourceSkusResult = z.infer<typeof UpsertSourceSkusResultSchema>;

export const SourceSkuListQuerySchema = z.object({
  sku: supplierSkuSchema.optional(),
  variantId: id.optional(),
  linked: optionalFlag,
});

// Products made from source SKUs

/**
 * POST /products/bulk-from-source: the named SKUs, or `all: true` for every unlinked one, a page
 * per call in SKU order (`after`: the previous answer's `next`).
 */
export const BulkFromSourceSchema = z.union([
  z.object({ sourceChannelId: id, skus: z.array(supplierSkuSchema).min(1).max(500) }).strict(),
  z.object({ sourceChannelId: id, all: z.literal(true), after: supplierSkuSchema.optional() }).strict(),
]);
export type BulkFromSource = z.infer<typeof BulkFromSourceSchema>;

/**
 * Why bulk-from-source skipped a SKU: `already_linked`, `sku_not_found`, `sku_taken` (a live
 * product or variant has that SKU), `sku_invalid` (not a valid product SKU, e.g. it has spaces).
 */
export const BULK_FROM_SOURCE_SKIP_REASONS = ['already_linked', 'sku_not_found', 'sku_taken', 'sku_invalid'] as const;

export const BulkFromSourceResultSchema = z.object({
  created: z.array(
    z.object({ sku: z.string(), sourceSkuId: z.string(), productId: z.string(), variantId: z.string() }),
  ),
  skipped: z.array(z.object({ sku: z.string(), reason: z.enum(BULK_FROM_SOURCE_SKIP_REASONS) })),
  /** `all: true`: unlinked SKUs after this page (0 with `skus`). */
  remaining: z.number().int(),
  /** `all: true`: the `after` of the next page, null when this was the last. */
  next: z.string().nullable(),
});
export type BulkFromSourceResult = z.infer<typeof BulkFromSourceResultSchema>;

import { z } from 'zod';
import { InstantSchema, PRODUCT_TYPES } from './products';

/**
 * The storefront's product reads (GET /storefront/products, /{id}): what a storefront key (bound
 * to one STOREFRONT sales channel) sees of the products listed on its channel. A browser reads
 * them, so nothing internal: no cost, margin, supplier, stock quantity, brand or category ids,
 * custom fields or flags. Prices are the catalog's; `availableForSale` says whether it can be
 * bought now (a price, and stock available: on hand less holds, a bundle's from its components),
 * null while inventory does not answer.
 */
export const StorefrontVariantSchema = z.object({
  id: z.string(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  options: z.record(z.string(), z.string()),
  price: z.number().nullable(),
  position: z.number().int(),
  availableForSale: z.boolean().nullable(),
});
export type StorefrontVariant = z.output<typeof StorefrontVariantSchema>;

export const StorefrontProductSchema = z.object({
  id: z.string(),
  type: z.enum(PRODUCT_TYPES),
  name: z.string(),
  description: z.string().nullable(),
  images: z.array(z.object({ url: z.string(), position: z.number().int() })),
  /** The product's own price (its default variant's); each variant has its own. */
  price: z.number().nullable(),
  /** Any variant available for sale (null: none is, and inventory did not answer for some). */
  availableForSale: z.boolean().nullable(),
  /** Live variants, by position (a FAMILY has none: its children are products of their own). */
  variants: z.array(StorefrontVariantSchema),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type StorefrontProduct = z.output<typeof StorefrontProductSchema>;

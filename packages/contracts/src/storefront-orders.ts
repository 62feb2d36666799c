import { z } from 'zod';
import { positiveQuantity } from './amounts';
import { freeFormObject } from './free-form';
import { idSchema } from './ids';
import { ORDER_STATUSES } from './orders';

/**
 * The storefront's checkout (issue #25): a storefront key, bound to one STOREFRONT channel,
 * creates an order on that channel. Prices come from the catalog, never from the request.
 */
export const CheckoutSchema = z
  .object({
    lines: z
      .array(z.object({ variantId: idSchema(), quantity: positiveQuantity() }).strict())
      .min(1)
      .max(100)
      .refine((ls) => new Set(ls.map((l) => l.variantId)).size === ls.length, 'each variant may appear once'),
    shippingAddress: freeFormObject(),
    email: z.email().max(320),
    name: z.string().trim().min(1).max(200).optional(),
    notes: z.string().max(2000).optional(),
  })
  .strict();
export type Checkout = z.infer<typeof CheckoutSchema>;

/** What the shopper sees of the order made: nothing of other channels, costs or suppliers. */
export const StorefrontOrderSchema = z.object({
  id: z.string(),
  channelOrderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.string().nullable(),
  lines: z.array(
    z.object({
      id: z.string(),
      variantId: z.string().nullable(),
      sku: z.string().nullable(),
      name: z.string().nullable(),
      quantity: z.number(),
      unitPrice: z.number().nullable(),
      total: z.number(),
    }),
  ),
  total: z.number(),
  email: z.string().nullable(),
  shippingAddress: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type StorefrontOrder = z.infer<typeof StorefrontOrderSchema>;

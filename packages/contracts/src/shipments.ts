import { z } from 'zod';
import { positiveQuantity } from './amounts';
import { idSchema } from './ids';

/**
 * Shipments of sales orders (issue #25): what left for the customer, with the carrier's
 * tracking. Creating one moves its order to PARTIALLY_SHIPPED or SHIPPED and fires `order.shipped`.
 */
const id = idSchema();
const text = z.string().trim().min(1).max(200);
const instant = z.union([z.iso.datetime({ offset: true }), z.iso.date()]).transform((v) => new Date(v));

export const CreateShipmentSchema = z
  .object({
    carrier: text.optional(),
    trackingNumber: text.optional(),
    trackingUrl: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
    /** When it left; now when omitted. */
    shippedAt: instant.optional(),
    /** What it holds; every line's unshipped quantity when omitted. */
    lines: z
      .array(z.object({ lineId: id, quantity: positiveQuantity() }).strict())
      .min(1)
      .max(500)
      .refine((ls) => new Set(ls.map((l) => l.lineId)).size === ls.length, 'each line may appear once')
      .optional(),
  })
  .strict();
export type CreateShipment = z.infer<typeof CreateShipmentSchema>;

export const ShipmentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  channelId: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      variantId: z.string().nullable(),
      sku: z.string().nullable(),
      quantity: z.number(),
    }),
  ),
  createdAt: z.string(),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

/** GET /shipments: newest shipped first; `startDate`/`endDate` bound `shippedAt`. */
export const ShipmentListQuerySchema = z.object({
  orderId: id.optional(),
  startDate: instant.optional(),
  endDate: instant.optional(),
});
export type ShipmentListQuery = z.output<typeof ShipmentListQuerySchema>;

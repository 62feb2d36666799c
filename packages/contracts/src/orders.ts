import { z } from 'zod';
import { nonNegativeMoney, positiveQuantity } from './amounts';
import { freeFormObject } from './free-form';
import { idSchema } from './ids';
import { currencySchema } from './sources';

/**
 * Sales orders (issue #25): orders that arrive from a sales channel (`ch_…`: an API push, a
 * storefront checkout, a polled HTTP feed), their lines (linked to catalog variants, or not
 * yet), status history, notes, shipping address and shipments. The wire names the spec
 * promises (`channelId`, `channelOrderId`, `status`, `notes`, `shippingAddress`) are kept.
 */
const id = idSchema();
/** An id the channel gives (its order id, a line id): any printable text up to 255 characters. */
export const channelRefSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[^\u0000-\u001F\u007F-\u009F]+$/u, 'must not contain control characters');

/** The lifecycle (services/orders/src/domain/order-states.ts holds the table). */
export const ORDER_STATUSES = [
  'PENDING',
  'PROCESSING',
  'ON_HOLD',
  'PARTIALLY_SHIPPED',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * How much of an order's stock has left the warehouse by fulfilment (`POST /orders/{id}/fulfill`
 * deducts its holds): a line's holds all deducted is FULFILLED, some of them PARTIALLY_FULFILLED.
 * Kept beside `status` (the lifecycle a partner or channel moves), as Shopify keeps an order's
 * fulfilment apart from its financial and order status.
 */
export const FULFILLMENT_STATUSES = ['UNFULFILLED', 'PARTIALLY_FULFILLED', 'FULFILLED'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

/**
 * Who changed an order's status (`order.status_changed`'s `source`, the history's): `api` a
 * partner's PUT, `bulk` the bulk route, `channel` the channel itself (a push again, a feed
 * sync), `shipment` a shipment recorded here, `storefront` a checkout; `fulfillment` is the
 * reservations issue's.
 */
export const ORDER_CHANGE_SOURCES = ['api', 'bulk', 'channel', 'shipment', 'storefront', 'fulfillment'] as const;
export type OrderChangeSource = (typeof ORDER_CHANGE_SOURCES)[number];

/** An order has at most this many lines (one document). */
export const MAX_ORDER_LINES = 500;

/** A date-time with its offset, or a date (`2026-05-01`), stored as an instant. */
const instant = z.union([z.iso.datetime({ offset: true }), z.iso.date()]).transform((v) => new Date(v));

export const OrderLineInputSchema = z
  .object({
    /** The channel's id of the line; lines without one are matched by position when the order comes again. */
    channelLineId: channelRefSchema.optional(),
    sku: z.string().trim().min(1).max(100).optional(),
    variantId: id.optional(),
    name: z.string().trim().min(1).max(500).optional(),
    quantity: positiveQuantity(),
    unitPrice: nonNegativeMoney().optional(),
  })
  .strict();
export type OrderLineInput = z.infer<typeof OrderLineInputSchema>;

export const CustomerSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    email: z.email().max(320).optional(),
    phone: z.string().trim().min(1).max(50).optional(),
  })
  .strict();
export type Customer = z.infer<typeof CustomerSchema>;

const notesSchema = z.string().max(10_000);

/**
 * POST /orders: an API channel's order, an upsert keyed on (`channelId`, `channelOrderId`):
 * created the first time (201, `order.created`), the same order applied again afterwards (200).
 */
export const ImportOrderSchema = z
  .object({
    channelId: id,
    channelOrderId: channelRefSchema,
    status: z.enum(ORDER_STATUSES).optional(),
    orderedAt: instant.optional(),
    currency: currencySchema.optional(),
    lines: z.array(OrderLineInputSchema).min(1).max(MAX_ORDER_LINES),
    shippingAddress: freeFormObject().nullable().optional(),
    notes: notesSchema.nullable().optional(),
    customer: CustomerSchema.nullable().optional(),
  })
  .strict();
export type ImportOrder = z.infer<typeof ImportOrderSchema>;

export const UpdateOrderStatusSchema = z
  .object({ status: z.enum(ORDER_STATUSES), note: z.string().trim().min(1).max(1000).optional() })
  .strict();
export type UpdateOrderStatus = z.infer<typeof UpdateOrderStatusSchema>;

export const MAX_BULK_ORDERS = 500;
export const BulkUpdateOrderStatusSchema = z
  .object({
    orderIds: z
      .array(id)
      .min(1)
      .max(MAX_BULK_ORDERS)
      .refine((ids) => new Set(ids).size === ids.length, 'each id may appear once'),
    status: z.enum(ORDER_STATUSES),
    note: z.string().trim().min(1).max(1000).optional(),
  })
  .strict();
export type BulkUpdateOrderStatus = z.infer<typeof BulkUpdateOrderStatusSchema>;

/** Per order: `changed`, `unchanged` (already in that status) or `skipped` with the reason (code and message). */
export const BulkStatusResultSchema = z.object({
  results: z.array(
    z.object({
      orderId: z.string(),
      outcome: z.enum(['changed', 'unchanged', 'skipped']),
      status: z.enum(ORDER_STATUSES).nullable(),
      reason: z.object({ code: z.string(), message: z.string() }).nullable(),
    }),
  ),
  changed: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
});
export type BulkStatusResult = z.infer<typeof BulkStatusResultSchema>;

export const UpdateNotesSchema = z.object({ notes: notesSchema }).strict();
export const UpdateShippingAddressSchema = z.object({ shippingAddress: freeFormObject() }).strict();

const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

export const ORDER_SORTS = ['orderedAt', 'createdAt', 'updatedAt'] as const;

/** Filters of GET /orders; paging comes from PageQuerySchema. `startDate`/`endDate` bound `orderedAt`. */
export const OrderListQuerySchema = z.object({
  channelId: id.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  /** The channel's order id, the customer's name or e-mail, or a line's SKU, from a word's start. */
  search: z.string().trim().max(200).optional(),
  startDate: instant.optional(),
  endDate: instant.optional(),
  blockedOnBuild: flag,
  fulfillmentStatus: z.enum(FULFILLMENT_STATUSES).optional(),
  sortBy: z.enum(ORDER_SORTS).default('orderedAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type OrderListQuery = z.output<typeof OrderListQuerySchema>;

/** DELETE /orders/by-status: a dry run unless `dryRun=false`. */
export const TrashByStatusQuerySchema = z.object({
  channelId: id.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false'),
});
export type TrashByStatusQuery = z.output<typeof TrashByStatusQuerySchema>;

/** At most this many orders are trashed by one call; `remaining` says how many more match. */
export const MAX_TRASH_BATCH = 500;
export const TrashByStatusResultSchema = z.object({
  dryRun: z.boolean(),
  /** Live orders matching the filter when the call began. */
  matched: z.number().int(),
  /** Orders trashed by this call (0 in a dry run). */
  trashed: z.number().int(),
  /** The orders trashed, or in a dry run those that would be (at most MAX_TRASH_BATCH). */
  orderIds: z.array(z.string()),
  /** Matching orders left live (more than one call's batch): call again. */
  remaining: z.number().int(),
});

export const OrderLineSchema = z.object({
  id: z.string(),
  channelLineId: z.string().nullable(),
  sku: z.string().nullable(),
  /** Null while the line is not linked to a catalog variant (its SKU matched nothing). */
  variantId: z.string().nullable(),
  productType: z.string().nullable(),
  name: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number().nullable(),
  /** quantity × unitPrice, 0 for a line without a price. */
  total: z.number(),
  shippedQuantity: z.number(),
  /** The quantity whose stock fulfilment has deducted. */
  fulfilledQuantity: z.number(),
  fulfillmentStatus: z.enum(FULFILLMENT_STATUSES),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const StatusChangeSchema = z.object({
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  source: z.enum(ORDER_CHANGE_SOURCES),
  at: z.string(),
  note: z.string().nullable(),
});

export const OrderSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  channelOrderId: z.string(),
  /** The platform of the channel when the order arrived: API, STOREFRONT or HTTP_FEED. */
  channelPlatform: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The status text the channel last reported, as it sent it (null when it sent none). */
  channelStatus: z.string().nullable(),
  orderedAt: z.string(),
  currency: z.string().nullable(),
  customer: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
  shippingAddress: z.record(z.string(), z.unknown()).nullable(),
  notes: z.string().nullable(),
  lines: z.array(OrderLineSchema),
  lineCount: z.number().int(),
  quantity: z.number(),
  total: z.number(),
  /** Open, with an ASSEMBLY line whose unshipped quantity exceeds the assembly's available stock. */
  blockedOnBuild: z.boolean(),
  shipmentIds: z.array(z.string()),
  fulfillmentStatus: z.enum(FULFILLMENT_STATUSES),
  /** When the last of its stock was deducted (FULFILLED), else null. */
  fulfilledAt: z.string().nullable(),
  syncedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderHistorySchema = z.object({ data: z.array(StatusChangeSchema) });

export const OrderStatsQuerySchema = z.object({ channelId: id.optional() });

const statsFigures = { orders: z.number().int(), lines: z.number().int(), total: z.number() };
export const StatsFiguresSchema = z.object(statsFigures);
/** Live orders (trashed ones left out) by channel, then by status; totals are money of priced lines. */
export const OrderStatsSchema = z.object({
  channels: z.array(
    z.object({
      channelId: z.string(),
      ...statsFigures,
      byStatus: z.record(z.enum(ORDER_STATUSES), StatsFiguresSchema),
    }),
  ),
  ...statsFigures,
  byStatus: z.record(z.enum(ORDER_STATUSES), StatsFiguresSchema),
});
export type OrderStats = z.infer<typeof OrderStatsSchema>;

import { z } from 'zod';
import { idSchema } from './ids';
import { PURCHASE_ORDER_STATUSES, PURCHASE_ORDER_TYPES } from './purchase-orders';

/**
 * Purchasing's internal API under /internal/v1 (never routed by the gateway): purchase orders
 * by id with their lines' ordered and received quantities, what invoicing matches invoice
 * lines against and reservations link holds to; what is on order per variant and warehouse
 * (inventory's reorder suggestions); and its internal event.
 */
export const INTERNAL_PURCHASING_PATHS = {
  purchaseOrdersBatch: '/purchase-orders/batch',
  onOrder: '/purchase-orders/on-order',
} as const;

const id = idSchema();

export const PurchaseOrderBatchQuerySchema = z.object({ ids: z.array(id).min(1).max(500) }).strict();
export type PurchaseOrderBatchQuery = z.infer<typeof PurchaseOrderBatchQuerySchema>;

export const InternalPurchaseOrderLineSchema = z.object({
  id: z.string(),
  variantId: z.string(),
  sku: z.string().nullable(),
  supplierSku: z.string().nullable(),
  quantity: z.number(),
  receivedQuantity: z.number(),
  unitCost: z.number(),
  /** The order's expected date (lines have none of their own yet). */
  expectedAt: z.string().nullable(),
  reservationIds: z.array(z.string()),
});

/** A purchase order as peers read it; trashed ones too (`deletedAt` set). */
export const InternalPurchaseOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  type: z.enum(PURCHASE_ORDER_TYPES),
  channelId: z.string(),
  warehouseId: z.string().nullable(),
  currency: z.string(),
  expectedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  lines: z.array(InternalPurchaseOrderLineSchema),
});
export type InternalPurchaseOrder = z.infer<typeof InternalPurchaseOrderSchema>;

/** The caller organization's orders among the ids; an unknown id or another organization's is `missing`. */
export const PurchaseOrderBatchSchema = z.object({
  data: z.array(InternalPurchaseOrderSchema),
  missing: z.array(z.string()),
});
export type PurchaseOrderBatch = z.infer<typeof PurchaseOrderBatchSchema>;

/** Variants the on-order read takes in one call. */
export const MAX_ON_ORDER_VARIANTS = 500;

/** What is on order of these variants, into one warehouse or (none named) into every one. */
export const OnOrderQuerySchema = z
  .object({ variantIds: z.array(id).min(1).max(MAX_ON_ORDER_VARIANTS), warehouseId: id.optional() })
  .strict();
export type OnOrderQuery = z.infer<typeof OnOrderQuerySchema>;

/**
 * Ordered − received per (variant, warehouse) over the caller organization's open orders (live,
 * STANDARD, DRAFT, SUBMITTED or PARTIALLY_RECEIVED: purchasing's "on order"), by variant then
 * warehouse; a pair with nothing on order is absent.
 */
export const OnOrderSchema = z.object({
  data: z.array(z.object({ variantId: z.string(), warehouseId: z.string(), quantity: z.number() })),
});
export type OnOrder = z.infer<typeof OnOrderSchema>;

/**
 * `purchase_order.line_received`: a receipt was applied (the stock is in, or, for a DROPSHIP
 * order, the supplier's delivery recorded). `receivedQuantity` is the line's total after it;
 * `warehouseId` is null for a DROPSHIP order. Invoicing and reservations consume it.
 */
export const PURCHASING_INTERNAL_EVENTS = {
  'purchase_order.line_received': z.object({
    orgId: id,
    purchaseOrderId: id,
    orderNumber: z.string(),
    lineId: id,
    receiptId: id,
    variantId: id,
    quantity: z.number(),
    unitCost: z.number(),
    receivedQuantity: z.number(),
    warehouseId: id.nullable(),
    receivedAt: z.string().datetime(),
  }),
} as const;
export type PurchaseOrderLineReceived = z.infer<(typeof PURCHASING_INTERNAL_EVENTS)['purchase_order.line_received']>;

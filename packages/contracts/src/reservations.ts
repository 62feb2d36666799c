import { z } from 'zod';
import { idSchema } from './ids';
import { FULFILLMENT_STATUSES } from './orders';

/** A stock hold's statuses (the spec's Reservation state table; services/orders/README.md). */
export const RESERVATION_STATUSES = ['PENDING', 'ALLOCATED', 'COMMITTED', 'CANCELLED'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** A stock hold (`res_…`) on an order line, as the partner API shows it. */
export const ReservationSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  lineId: z.string(),
  variantId: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  quantity: z.number(),
  /** The sales channel's warehouse; null when the channel names none (the hold reserves nothing). */
  warehouseId: z.string().nullable(),
  /** What inventory holds reserved for it now. */
  reservedQuantity: z.number(),
  /** What is still not reserved while the hold is open (0 when complete or closed). */
  shortQuantity: z.number(),
  /** What fulfilment deducted (a COMMITTED hold's quantity). */
  committedQuantity: z.number(),
  sourceChannelId: z.string().nullable(),
  purchaseOrderLineId: z.string().nullable(),
  purchaseOrderId: z.string().nullable(),
  /**
   * An open hold linked to a purchase order and still short: the purchase order's expected date
   * (purchasing's; null when it has none or purchasing does not answer).
   */
  expectedAt: z.string().nullable(),
  /** A kit-level hold (a BUNDLE's line): reserves nothing until expand-kits replaces it. */
  kitLevel: z.boolean(),
  /** A leaf hold made by expand-kits: the kit's line. */
  kitParentLineId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Reservation = z.infer<typeof ReservationSchema>;
export const ReservationListSchema = z.object({ data: z.array(ReservationSchema) });

/** What an order's holds lack: a line (leaf variant) and the quantity with no hold. */
export const MissingHoldSchema = z.object({ lineId: z.string(), variantId: z.string(), quantity: z.number() });
export const ReservationStatusSchema = z.object({
  orderId: z.string(),
  complete: z.boolean(),
  missing: z.array(MissingHoldSchema),
  /** Open holds reserved short in inventory. */
  short: z.array(z.object({ reservationId: z.string(), variantId: z.string(), quantity: z.number() })),
});
export type ReservationStatusAnswer = z.infer<typeof ReservationStatusSchema>;

export const PendingReservationsQuerySchema = z
  .object({ limit: z.coerce.number().int().min(1).max(500).default(50) })
  .strict();
export const PendingReservationsSchema = z.array(ReservationStatusSchema);

export const FulfillOrderSchema = z
  .object({
    /** Deduct only holds of this warehouse. */
    warehouseId: idSchema().optional(),
    /** Deduct only holds of these lines. */
    lines: z.array(idSchema()).min(1).max(500).optional(),
  })
  .strict();
export type FulfillOrder = z.infer<typeof FulfillOrderSchema>;

/** One hold's outcome in fulfilment, restore-and-fulfil or a stale-hold release. */
export const HoldOutcomeSchema = z.object({
  reservationId: z.string(),
  outcome: z.enum(['committed', 'skipped', 'released', 'would_release']),
  reason: z.string().nullable(),
});
export const FulfillResultSchema = z.object({
  orderId: z.string(),
  status: z.string(),
  /** The order's fulfilment after the call (the order's `fulfillmentStatus`). */
  fulfillmentStatus: z.enum(FULFILLMENT_STATUSES),
  results: z.array(HoldOutcomeSchema),
});
export type FulfillResult = z.infer<typeof FulfillResultSchema>;

export const RestoreAndFulfillSchema = z.object({ reservationIds: z.array(idSchema()).min(1).max(500) }).strict();

export const ReleaseStaleHoldsSchema = z
  .object({ dryRun: z.boolean().default(true), limit: z.number().int().min(1).max(500).default(500) })
  .strict();
export const ReleaseStaleHoldsResultSchema = z.object({
  dryRun: z.boolean(),
  examined: z.number(),
  released: z.number(),
  results: z.array(HoldOutcomeSchema),
});

export const AllocateReservationSchema = z.object({ sourceChannelId: idSchema() }).strict();

export const AvailableSourcesSchema = z.object({
  reservationId: z.string(),
  variantId: z.string(),
  sources: z.array(
    z.object({
      sourceChannelId: z.string(),
      cost: z.number().nullable(),
      availableQuantity: z.number().nullable(),
      leadTimeDays: z.number().nullable(),
    }),
  ),
  warehouses: z.array(z.object({ warehouseId: z.string(), onHand: z.number(), available: z.number() })),
});

export const ExpandKitsResultSchema = z.object({
  orderId: z.string(),
  /** Each kit-level hold replaced, with the leaf holds it became. */
  expanded: z.array(z.object({ reservationId: z.string(), into: z.array(z.string()) })),
  /** Kit-level holds left alone: `shipped`, `po_linked`, `no_components`. */
  skipped: z.array(z.object({ reservationId: z.string(), reason: z.string() })),
});

export const RefreshHoldsResultSchema = z.object({
  orderId: z.string(),
  lineId: z.string(),
  /** The line's open holds released and CANCELLED. */
  cancelled: z.array(z.string()),
  /** The holds made from the current catalog item. */
  created: z.array(ReservationSchema),
});

export const ReresolveLinesSchema = z
  .object({
    /** Only reports unless explicitly false. */
    dryRun: z.boolean().default(true),
    /** These orders; else the orders with unlinked lines, at most `limit`. */
    orderIds: z.array(idSchema()).min(1).max(500).optional(),
    limit: z.number().int().min(1).max(500).default(100),
  })
  .strict();
export type ReresolveLines = z.infer<typeof ReresolveLinesSchema>;

export const ReresolveLinesResultSchema = z.object({
  dryRun: z.boolean(),
  /** Orders examined. */
  orders: z.number(),
  /** Unlinked lines with a SKU examined, matched to a variant, left unmatched. */
  lines: z.number(),
  linked: z.number(),
  unmatched: z.number(),
  results: z.array(
    z.object({
      orderId: z.string(),
      lineId: z.string(),
      sku: z.string(),
      variantId: z.string().nullable(),
      /** `linked`, `would_link` (dry run), `unmatched`. */
      outcome: z.enum(['linked', 'would_link', 'unmatched']),
      /** Whether the order gets holds for it: `held` (open order), `shipped`, `not_held` (cancelled, trashed). */
      holds: z.enum(['held', 'shipped', 'not_held']),
    }),
  ),
});
export type ReresolveLinesResult = z.infer<typeof ReresolveLinesResultSchema>;

import { z } from 'zod';

const id = z.string().min(1);
const base = z.object({ orgId: id });

/** The public event catalog: exactly the spec's payloads (plus orgId). */
export const EVENT_PAYLOADS = {
  'order.created': base.extend({ channelId: id, orderId: id }),
  'order.status_changed': base.extend({
    orderId: id,
    channelId: id,
    channelOrderId: z.string(),
    fromStatus: z.string(),
    toStatus: z.string(),
    source: z.string(),
  }),
  'order.shipped': base.extend({
    orderId: id,
    shipmentId: id,
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    shippedAt: z.string().datetime().nullable(),
  }),
  'inventory.availability_changed': base.extend({
    variantId: id,
    oldAvailable: z.number(),
    newAvailable: z.number(),
  }),
  'import.completed': base.extend({ channelIds: z.array(z.string()), jobId: id }),
  'purchase_order.created': base.extend({
    purchaseOrderId: id,
    orderNumber: z.string(),
    channelId: id,
    type: z.string(),
    status: z.string(),
  }),
  'purchase_order.status_changed': base.extend({
    purchaseOrderId: id,
    orderNumber: z.string(),
    fromStatus: z.string(),
    toStatus: z.string(),
  }),
  'product.created': base.extend({ productId: id, type: z.string(), name: z.string() }),
  // Beyond the spec's `deleted` (clients tolerate unknown fields): the product's `archived` and
  // `type` after the change, and `changes`, the names of the fields it changed (catalog README).
  'product.updated': base.extend({
    productId: id,
    deleted: z.boolean(),
    archived: z.boolean().optional(),
    type: z.string().optional(),
    changes: z.array(z.string()).optional(),
  }),
  'variant.cost_changed': base.extend({ variantId: id, oldCost: z.number(), newCost: z.number() }),
  // Beyond the spec's catalog (issue #41): an export's file is ready (`GET /exports/{id}` answers its URL).
  'export.completed': base.extend({ exportId: id, resource: z.string(), rows: z.number().int().min(0) }),
  'invoice.created': base.extend({
    invoiceId: id,
    purchaseOrderId: id.nullable(),
    invoiceType: z.string(),
    invoiceNumber: z.string(),
    status: z.string(),
    total: z.number(),
  }),
} as const;

export type EventName = keyof typeof EVENT_PAYLOADS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENT_PAYLOADS)[N]>;
export const EVENT_NAMES = Object.keys(EVENT_PAYLOADS) as EventName[];
export const EventNameSchema = z.enum(EVENT_NAMES as [EventName, ...EventName[]]);

/** Whether an event is one of the spec's catalog (public: it becomes a webhook), not an internal one. */
export function isPublicEvent(name: string): name is EventName {
  return Object.prototype.hasOwnProperty.call(EVENT_PAYLOADS, name);
}

/**
 * What travels on the broker. The routing key is `name`; the AMQP messageId is `id`,
 * which consumers use to deduplicate. Internal (non-catalog) events use the same shape.
 */
export const EventEnvelopeSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  orgId: id,
  occurredAt: z.string().datetime(),
  payload: z.record(z.string(), z.unknown()),
});
export type EventEnvelope = z.infer<typeof EventEnvelopeSchema>;

import { z } from 'zod';
import { nonNegativeMoney, positiveQuantity } from './amounts';
import { idSchema } from './ids';
import { currencySchema, supplierSkuSchema } from './sources';

/**
 * Purchase orders (issue #24): an order to a supplier (a catalog source, `channelId`) with
 * lines, receipts (stock put into a warehouse through inventory), tracking, attachments and
 * links to customer-order holds. The wire names the partner docs promise are kept exactly.
 */
const id = idSchema();
const text = (max: number) => z.string().trim().max(max);

/** CLOSED: short-closed, a partially received order whose rest is no longer awaited. */
export const PURCHASE_ORDER_STATUSES = [
  'DRAFT',
  'SUBMITTED',
  'PARTIALLY_RECEIVED',
  'RECEIVED',
  'CANCELLED',
  'CLOSED',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
/** STANDARD: received into a warehouse; DROPSHIP: the supplier ships to the customer (a receipt moves no stock). */
export const PURCHASE_ORDER_TYPES = ['STANDARD', 'DROPSHIP'] as const;
export type PurchaseOrderType = (typeof PURCHASE_ORDER_TYPES)[number];
export const ATTACHMENT_KINDS = ['image', 'pdf'] as const;
export const RECEIPT_STATUSES = ['pending', 'applied', 'rejected'] as const;

/** An order number as given (`PO-000123` when generated): printable, no line breaks. */
export const orderNumberSchema = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[^\u0000-\u001F\u007F-\u009F]+$/u, 'must not contain control characters');

/** A date (`2026-12-01`) or a date-time, stored as an instant. */
const dateInput = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).transform((v) => new Date(v));

const LineInputSchema = z
  .object({
    variantId: id,
    quantity: positiveQuantity(),
    unitCost: nonNegativeMoney().optional(),
    supplierSku: supplierSkuSchema.optional(),
  })
  .strict();
export type LineInput = z.infer<typeof LineInputSchema>;

/** A purchase order has at most this many lines (one document; see services/purchasing/README.md). */
export const MAX_PO_LINES = 500;

export const CreatePurchaseOrderSchema = z
  .object({
    channelId: id,
    type: z.enum(PURCHASE_ORDER_TYPES).default('STANDARD'),
    warehouseId: id.nullable().optional(),
    orderNumber: orderNumberSchema.optional(),
    expectedAt: dateInput.nullable().optional(),
    notes: text(5000).nullable().optional(),
    currency: currencySchema.optional(),
    lines: z.array(LineInputSchema).max(MAX_PO_LINES).optional(),
  })
  .strict();
export type CreatePurchaseOrder = z.infer<typeof CreatePurchaseOrderSchema>;

/** PUT: the fields given change; supplier, type, warehouse, currency and number only while DRAFT. */
export const UpdatePurchaseOrderSchema = z
  .object({
    channelId: id,
    type: z.enum(PURCHASE_ORDER_TYPES),
    warehouseId: id.nullable(),
    orderNumber: orderNumberSchema,
    expectedAt: dateInput.nullable(),
    notes: text(5000).nullable(),
    currency: currencySchema,
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required');
export type UpdatePurchaseOrder = z.infer<typeof UpdatePurchaseOrderSchema>;

export const AddLineSchema = LineInputSchema;
export type AddLine = LineInput;

export const UpdateLineSchema = z
  .object({ quantity: positiveQuantity(), unitCost: nonNegativeMoney() })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required');
export type UpdateLine = z.infer<typeof UpdateLineSchema>;

/** `binId` omitted: the variant's primary bin, else Unassigned (inventory's rule); null: Unassigned. */
export const ReceiveLineSchema = z.object({ quantity: positiveQuantity(), binId: id.nullable().optional() }).strict();
export type ReceiveLine = z.infer<typeof ReceiveLineSchema>;

export const AddTrackingSchema = z
  .object({
    carrier: z.string().trim().min(1).max(100),
    trackingNumber: z.string().trim().min(1).max(100),
    trackingUrl: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
  })
  .strict();
export type AddTracking = z.infer<typeof AddTrackingSchema>;

export const LinkReservationsSchema = z
  .object({
    reservationIds: z
      .array(id)
      .min(1)
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, 'each id may appear once'),
  })
  .strict();
export type LinkReservations = z.infer<typeof LinkReservationsSchema>;

const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

export const PURCHASE_ORDER_SORTS = ['createdAt', 'updatedAt', 'orderNumber', 'expectedAt'] as const;
export type PurchaseOrderSort = (typeof PURCHASE_ORDER_SORTS)[number];

/** Filters of GET /purchase-orders; paging comes from PageQuerySchema. */
export const PurchaseOrderListQuerySchema = z.object({
  status: z.enum(PURCHASE_ORDER_STATUSES).optional(),
  channelId: id.optional(),
  /** The order number, the supplier's name or a line's SKU (ours or the supplier's), from a word's start. */
  search: z.string().trim().max(200).optional(),
  hasInvoice: flag,
  hasAttachment: flag,
  /** Implies hasAttachment=true. */
  attachmentType: z.enum(ATTACHMENT_KINDS).optional(),
  sortBy: z.enum(PURCHASE_ORDER_SORTS).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type PurchaseOrderListQuery = z.output<typeof PurchaseOrderListQuerySchema>;

export const PurchaseOrderLineSchema = z.object({
  id: z.string(),
  variantId: z.string(),
  /** Our SKU of the variant when the line was added. */
  sku: z.string().nullable(),
  name: z.string().nullable(),
  supplierSku: z.string().nullable(),
  quantity: z.number(),
  unitCost: z.number(),
  receivedQuantity: z.number(),
  /** Ordered − received − receipts still being applied. */
  openQuantity: z.number(),
  total: z.number(),
  reservationIds: z.array(z.string()),
});
export type PurchaseOrderLine = z.infer<typeof PurchaseOrderLineSchema>;

export const ReceiptSchema = z.object({
  id: z.string(),
  lineId: z.string(),
  quantity: z.number(),
  binId: z.string().nullable(),
  /** pending: recorded, stock not confirmed by inventory yet (retried); applied; rejected: inventory refused it. */
  status: z.enum(RECEIPT_STATUSES),
  error: z.string().nullable(),
  recordedAt: z.string(),
  appliedAt: z.string().nullable(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

export const TrackingSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  addedAt: z.string(),
});

export const AttachmentSchema = z.object({
  id: z.string(),
  kind: z.enum(ATTACHMENT_KINDS),
  key: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
  createdAt: z.string(),
});

export const PurchaseOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  type: z.enum(PURCHASE_ORDER_TYPES),
  channelId: z.string(),
  supplierName: z.string(),
  warehouseId: z.string().nullable(),
  currency: z.string(),
  expectedAt: z.string().nullable(),
  notes: z.string().nullable(),
  lines: z.array(PurchaseOrderLineSchema),
  total: z.number(),
  receipts: z.array(ReceiptSchema),
  tracking: z.array(TrackingSchema),
  attachments: z.array(AttachmentSchema),
  hasInvoice: z.boolean(),
  submittedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrderSchema>;

/** A customer-order hold (a reservation of the orders service) as purchasing shows it. */
export const LinkedHoldSchema = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  variantId: z.string(),
  quantity: z.number(),
  status: z.string(),
  /** The purchase-order line it is linked to; null in the linkable list. */
  lineId: z.string().nullable(),
});
export type LinkedHold = z.infer<typeof LinkedHoldSchema>;

// Attachments, the PDF and messages (issue #24's documents part)

/** An attachment's largest size, checked when it is recorded (a presigned PUT cannot bound it). */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
/** How long a presigned upload URL stays valid. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** At most this many attachments per order (they live in the order's document). */
export const MAX_ATTACHMENTS = 50;

const filenameSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[^\u0000-\u001F\u007F-\u009F]+$/u, 'must not contain control characters');
/** A media type `type/subtype` without parameters; which ones are accepted is a business rule (422). */
const contentTypeSchema = z
  .string()
  .trim()
  .max(100)
  .regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a media type such as application/pdf')
  .transform((v) => v.toLowerCase());

export const UploadUrlQuerySchema = z.object({ filename: filenameSchema, contentType: contentTypeSchema });
export type UploadUrlQuery = z.output<typeof UploadUrlQuerySchema>;

/** A presigned PUT: send the file's bytes to `url` with `headers` before `expiresAt`, then record `key`. */
export const UploadUrlSchema = z.object({
  url: z.string(),
  method: z.literal('PUT'),
  key: z.string(),
  expiresAt: z.string(),
  headers: z.record(z.string(), z.string()),
  maxBytes: z.number().int(),
});

export const RecordAttachmentSchema = z
  .object({ key: z.string().min(1).max(1024), filename: filenameSchema, contentType: contentTypeSchema })
  .strict();
export type RecordAttachment = z.output<typeof RecordAttachmentSchema>;

const emailAddress = z.email().max(254);
/** One address or several. */
const recipients = z
  .union([emailAddress, z.array(emailAddress).min(1).max(10)])
  .transform((v) => (Array.isArray(v) ? v : [v]));
const subjectSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[^\u0000-\u001F\u007F-\u009F]+$/u, 'must not contain control characters');
const messageText = z.string().trim().max(10_000);

/** POST …/send-email: all optional; `to` defaults to the supplier's e-mail. A missing body is `{}`. */
export const SendEmailSchema = z
  .object({ to: recipients, cc: recipients, subject: subjectSchema, message: messageText })
  .partial()
  .strict()
  .optional()
  .transform((v) => v ?? {});
export type SendEmail = z.output<typeof SendEmailSchema>;

/** POST …/send-follow-up: all optional (a default text asks for a delivery date). */
export const SendFollowUpSchema = z
  .object({ to: recipients, subject: subjectSchema, message: messageText })
  .partial()
  .strict()
  .optional()
  .transform((v) => v ?? {});
export type SendFollowUp = z.output<typeof SendFollowUpSchema>;

export const MESSAGE_KINDS = ['ORDER', 'FOLLOW_UP'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** SENDING: recorded, SMTP not answered yet (a crash leaves it so); SENT: accepted by the SMTP server; FAILED. */
export const MESSAGE_STATUSES = ['SENDING', 'SENT', 'FAILED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const PurchaseOrderMessageSchema = z.object({
  id: z.string(),
  purchaseOrderId: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  direction: z.literal('OUTBOUND'),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type PurchaseOrderMessage = z.infer<typeof PurchaseOrderMessageSchema>;

// Orders from reorder requirements (POST /purchase-orders/bulk-from-requirements)

/** Reorder levels (variant, warehouse) or lines one call examines at most; `next` goes on from there. */
export const MAX_REQUIREMENT_LEVELS = 500;

/**
 * A quantity to order of a variant into a warehouse, as given: a row of
 * `GET /reports/reorder-suggestions` (its `variantId`, `warehouseId` and `suggestedQuantity`), or a
 * quantity of the caller's own.
 */
export const RequirementRequestSchema = z
  .object({ variantId: id, warehouseId: id, quantity: positiveQuantity() })
  .strict();

/**
 * The optional body: one warehouse only, a dry run (nothing written), and `after`, the previous
 * answer's `next` (a call examines at most MAX_REQUIREMENT_LEVELS reorder levels). Or `lines`: the
 * quantities to order, as given (reorder suggestions), in place of the reorder levels; they name
 * their warehouses and are all examined in one call, so they take neither `warehouseId` nor `after`.
 */
export const BulkFromRequirementsSchema = z
  .object({
    warehouseId: id.optional(),
    dryRun: z.boolean().optional(),
    after: z.string().min(1).max(300).optional(),
    lines: z
      .array(RequirementRequestSchema)
      .min(1)
      .max(MAX_REQUIREMENT_LEVELS)
      .refine(
        (lines) => new Set(lines.map((l) => `${l.variantId}/${l.warehouseId}`)).size === lines.length,
        'each (variantId, warehouseId) may appear once',
      )
      .optional(),
  })
  .strict()
  .refine((b) => !b.lines || (b.warehouseId === undefined && b.after === undefined), {
    message: 'lines name their warehouses and are examined in one call: send them without warehouseId or after',
    path: ['lines'],
  })
  .optional();
export type BulkFromRequirements = z.output<typeof BulkFromRequirementsSchema>;
export type RequirementRequest = z.output<typeof RequirementRequestSchema>;

/**
 * Why a requirement ordered nothing: `already_covered` (on order brings it to its reorder point),
 * `no_source` (no live supplier offers it with a preferred flag or a cost), `unknown_variant`
 * (the catalog no longer has the variant), `unit_cost_required` (no offer cost and no variant cost).
 */
export const REQUIREMENT_SKIP_REASONS = [
  'already_covered',
  'no_source',
  'unknown_variant',
  'unit_cost_required',
] as const;

export const RequirementLineSchema = z.object({
  /** The line added or raised; null in a dry run for a line not written. */
  lineId: z.string().nullable(),
  variantId: z.string(),
  supplierSku: z.string().nullable(),
  /** What this call ordered (added to the line when it raised one). */
  quantity: z.number(),
  unitCost: z.number(),
});

export const RequirementOrderSchema = z.object({
  /** Null in a dry run for an order that would be created. */
  purchaseOrderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  channelId: z.string(),
  warehouseId: z.string(),
  lines: z.array(RequirementLineSchema),
});

export const RequirementSkipSchema = z.object({
  variantId: z.string(),
  warehouseId: z.string(),
  reason: z.enum(REQUIREMENT_SKIP_REASONS),
});

export const BulkFromRequirementsResultSchema = z.object({
  dryRun: z.boolean(),
  created: z.array(RequirementOrderSchema),
  updated: z.array(RequirementOrderSchema),
  skipped: z.array(RequirementSkipSchema),
  /** Reorder levels (or lines, when the body gave them) examined by this call (at most MAX_REQUIREMENT_LEVELS). */
  examined: z.number().int(),
  /** Send as `after` to examine the next levels; null: every level was examined. */
  next: z.string().nullable(),
});
export type BulkFromRequirementsResult = z.infer<typeof BulkFromRequirementsResultSchema>;
export type RequirementOrder = z.infer<typeof RequirementOrderSchema>;
export type RequirementSkip = z.infer<typeof RequirementSkipSchema>;

import { z } from 'zod';
import { money, nonNegativeMoney, positiveQuantity } from './amounts';
import { idSchema } from './ids';
import { supplierSkuSchema } from './sources';

/**
 * Vendor invoices, credit memos and debit memos (issue #26): recorded against a purchase order
 * (or standalone for memos), matched line by line to its lines with quantity and cost variances,
 * moved through the invoice state table, paid and reconciled. Wire names as the partner docs
 * promise them; what the spec leaves open is decided in services/invoicing/README.md.
 */
const id = idSchema();
const text = (max: number) => z.string().trim().max(max);

export const INVOICE_TYPES = ['INVOICE', 'CREDIT_MEMO', 'DEBIT_MEMO'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_STATUSES = ['DRAFT', 'PENDING', 'OUTSTANDING', 'APPROVED', 'DISPUTED', 'PAID'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** A calendar date (`2026-12-01`), or a date-time whose own date is taken (`2026-12-01T09:00:00+01:00`). */
export const calendarDate = () =>
  z.union([z.iso.date(), z.iso.datetime({ offset: true })]).transform((v) => v.slice(0, 10));

/** The vendor's invoice number: printable, no line breaks; unique per vendor among live invoices. */
export const invoiceNumberSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^\u0000-\u001F\u007F-\u009F]+$/u, 'must not contain control characters');

/** An invoice has at most this many lines and charges (one document; services/invoicing/README.md). */
export const MAX_INVOICE_LINES = 500;
export const MAX_INVOICE_CHARGES = 50;

const lineFields = {
  vendorSku: supplierSkuSchema,
  purchaseOrderLineId: id,
  description: text(500),
  quantity: positiveQuantity(),
  unitCost: nonNegativeMoney(),
};

export const InvoiceLineInputSchema = z
  .object({
    vendorSku: lineFields.vendorSku.nullable().optional(),
    purchaseOrderLineId: id.nullable().optional(),
    description: lineFields.description.nullable().optional(),
    quantity: lineFields.quantity,
    unitCost: lineFields.unitCost,
  })
  .strict();
export type InvoiceLineInput = z.infer<typeof InvoiceLineInputSchema>;

/** PUT …/lines/{lineId}: the fields given change; `purchaseOrderLineId: null` unmatches the line. */
export const UpdateInvoiceLineSchema = z
  .object({
    vendorSku: lineFields.vendorSku.nullable(),
    purchaseOrderLineId: id.nullable(),
    description: lineFields.description.nullable(),
    quantity: lineFields.quantity,
    unitCost: lineFields.unitCost,
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required');
export type UpdateInvoiceLine = z.infer<typeof UpdateInvoiceLineSchema>;

/** Freight, fees: added to the subtotal to make the total. */
export const ChargeInputSchema = z
  .object({ description: z.string().trim().min(1).max(200), amount: nonNegativeMoney() })
  .strict();
export type ChargeInput = z.infer<typeof ChargeInputSchema>;

const payment = {
  /** Defaults to today (UTC). */
  paymentDate: calendarDate(),
  paymentReference: text(200).nullable(),
  /** Free text: `ACH`, `wire`, `check`, `card`… */
  paymentMethod: text(50).nullable(),
};

export const CreateInvoiceSchema = z
  .object({
    invoiceType: z.enum(INVOICE_TYPES).default('INVOICE'),
    purchaseOrderId: id.optional(),
    relatedInvoiceId: id.optional(),
    channelId: id.optional(),
    invoiceNumber: invoiceNumberSchema,
    invoiceDate: calendarDate().optional(),
    dueDate: calendarDate().optional(),
    lines: z.array(InvoiceLineInputSchema).max(MAX_INVOICE_LINES).optional(),
    charges: z.array(ChargeInputSchema).max(MAX_INVOICE_CHARGES).optional(),
    /** The vendor's figures: checked against the lines and charges (422 on a mismatch). */
    subtotal: money().optional(),
    total: money().optional(),
    markAsPaid: z.boolean().optional(),
    paymentDate: payment.paymentDate.optional(),
    paymentReference: payment.paymentReference.optional(),
    paymentMethod: payment.paymentMethod.optional(),
    notes: text(5000).nullable().optional(),
  })
  .strict();
export type CreateInvoice = z.infer<typeof CreateInvoiceSchema>;

/** PUT /invoices/{id} (DRAFT only): the header fields given change; `subtotal`/`total` are checked as on create. */
export const UpdateInvoiceSchema = z
  .object({
    invoiceNumber: invoiceNumberSchema,
    invoiceDate: calendarDate(),
    dueDate: calendarDate(),
    notes: text(5000).nullable(),
    charges: z.array(ChargeInputSchema).max(MAX_INVOICE_CHARGES),
    subtotal: money(),
    total: money(),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required');
export type UpdateInvoice = z.infer<typeof UpdateInvoiceSchema>;

export const MatchLineSchema = z.object({ purchaseOrderLineId: id }).strict();
export type MatchLine = z.infer<typeof MatchLineSchema>;

export const DisputeInvoiceSchema = z.object({ reason: z.string().trim().min(1).max(1000).optional() }).strict();
export type DisputeInvoice = z.infer<typeof DisputeInvoiceSchema>;

export const MarkPaidSchema = z
  .object({
    paymentDate: payment.paymentDate.optional(),
    paymentReference: payment.paymentReference.optional(),
    paymentMethod: payment.paymentMethod.optional(),
  })
  .strict();
export type MarkPaid = z.infer<typeof MarkPaidSchema>;

/** A comma-separated list of enum values (`status=PENDING,APPROVED`), each checked. */
const csvOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .trim()
    .max(200)
    .transform((v) => v.split(',').map((s) => s.trim().toUpperCase()))
    .pipe(z.array(z.enum(values)).min(1))
    .transform((list) => [...new Set(list)]);

export const INVOICE_SORTS = ['createdAt', 'updatedAt', 'invoiceDate', 'dueDate', 'invoiceNumber', 'total'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

/** Filters of GET /invoices; paging comes from PageQuerySchema. */
export const InvoiceListQuerySchema = z.object({
  purchaseOrderId: id.optional(),
  channelId: id.optional(),
  status: csvOf(INVOICE_STATUSES).optional(),
  invoiceType: csvOf(INVOICE_TYPES).optional(),
  /** The invoice number, the purchase order's number or the vendor's name, from a word's start. */
  search: z.string().trim().max(200).optional(),
  sortBy: z.enum(INVOICE_SORTS).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type InvoiceListQuery = z.output<typeof InvoiceListQuerySchema>;

export const InvoiceLineSchema = z.object({
  id: z.string(),
  vendorSku: z.string().nullable(),
  purchaseOrderLineId: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.number(),
  unitCost: z.number(),
  lineTotal: z.number(),
  /** Matched lines: invoiced quantity − received quantity; null while unmatched. */
  quantityVariance: z.number().nullable(),
  /** Matched lines: (invoice unit cost − purchase-order unit cost) × invoiced quantity; null while unmatched. */
  costVariance: z.number().nullable(),
  /** Matched lines: both variances within the organization's match tolerance; null while unmatched. */
  withinTolerance: z.boolean().nullable(),
  /** What the variances were computed against: the purchase-order line's unit cost and received quantity. */
  purchaseOrderUnitCost: z.number().nullable(),
  receivedQuantity: z.number().nullable(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const ChargeSchema = z.object({ id: z.string(), description: z.string(), amount: z.number() });

export const InvoiceSchema = z.object({
  id: z.string(),
  invoiceType: z.enum(INVOICE_TYPES),
  status: z.enum(INVOICE_STATUSES),
  invoiceNumber: z.string(),
  purchaseOrderId: z.string().nullable(),
  purchaseOrderNumber: z.string().nullable(),
  relatedInvoiceId: z.string().nullable(),
  /** The vendor: a catalog source (`src_…`), and its name when the invoice was recorded. */
  channelId: z.string(),
  vendorName: z.string(),
  currency: z.string(),
  invoiceDate: z.string(),
  /** Given, else the vendor's payment terms after the invoice date, else the invoice date (due on receipt). */
  dueDate: z.string(),
  notes: z.string().nullable(),
  lines: z.array(InvoiceLineSchema),
  charges: z.array(ChargeSchema),
  subtotal: z.number(),
  total: z.number(),
  reconciled: z.boolean(),
  reconciledAt: z.string().nullable(),
  /** When the bill was released to the accounting system (setting `accountingPush`); null until then. */
  accountingPushedAt: z.string().nullable(),
  paymentDate: z.string().nullable(),
  paymentReference: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  submittedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  disputedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** POST …/auto-match: how many lines it matched, and the invoice after. */
export const AutoMatchResultSchema = z.object({ matched: z.number().int(), invoice: InvoiceSchema });
export type AutoMatchResult = z.infer<typeof AutoMatchResultSchema>;

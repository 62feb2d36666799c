import { z } from 'zod';
import { idSchema } from './ids';
import { calendarDate, INVOICE_STATUSES, INVOICE_TYPES } from './invoices';

/**
 * The invoices' reports (issue #26): statistics, accounts-payable aging and a vendor's
 * statement. Memos are signed where amounts are netted: a credit memo lowers what is owed
 * (−), a debit memo raises it (+). DRAFT invoices are counted but owe nothing yet.
 */
const id = idSchema();

const byStatus = z.object(Object.fromEntries(INVOICE_STATUSES.map((s) => [s, z.number().int()])));
const byType = z.object(Object.fromEntries(INVOICE_TYPES.map((t) => [t, z.number().int()])));

export const InvoiceStatsSchema = z.object({
  /** Live invoices (trashed ones left out), DRAFT included. */
  count: z.number().int(),
  byStatus,
  byType,
  /** Not DRAFT, not PAID, signed by type. */
  outstandingTotal: z.number(),
  /** Totals of the non-DRAFT documents of each type, unsigned. */
  invoiceTotal: z.number(),
  creditMemoTotal: z.number(),
  debitMemoTotal: z.number(),
  /** PAID documents, signed by type. */
  paidTotal: z.number(),
});
export type InvoiceStats = z.infer<typeof InvoiceStatsSchema>;

/** Days past due: `current` (not past due yet), then 1-30, 31-60, 61-90, 90+. */
export const AGING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const AgingQuerySchema = z.object({
  /** The day the aging is taken on; today (UTC) by default. */
  asOf: calendarDate().optional(),
  channelId: id.optional(),
});
export type AgingQuery = z.output<typeof AgingQuerySchema>;

const agingAmounts = {
  current: z.number(),
  '1-30': z.number(),
  '31-60': z.number(),
  '61-90': z.number(),
  '90+': z.number(),
  total: z.number(),
  /** Unpaid documents counted. */
  count: z.number().int(),
};

export const AgingSchema = z.object({
  asOf: z.string(),
  vendors: z.array(z.object({ channelId: z.string(), vendorName: z.string(), ...agingAmounts })),
  totals: z.object(agingAmounts),
});
export type Aging = z.infer<typeof AgingSchema>;

export const VendorStatementQuerySchema = z.object({
  channelId: id,
  /** Invoice dates from (inclusive). */
  dateFrom: calendarDate().optional(),
  /** Invoice dates to (inclusive). */
  dateTo: calendarDate().optional(),
});
export type VendorStatementQuery = z.output<typeof VendorStatementQuerySchema>;

/** A statement lists at most this many documents; a wider range is refused (422 `statement_too_large`). */
export const MAX_STATEMENT_DOCUMENTS = 5_000;

export const VendorStatementSchema = z.object({
  channelId: z.string(),
  vendorName: z.string().nullable(),
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  /** The vendor's non-DRAFT documents in the range, oldest first. */
  documents: z.array(
    z.object({
      id: z.string(),
      invoiceNumber: z.string(),
      invoiceType: z.enum(INVOICE_TYPES),
      status: z.enum(INVOICE_STATUSES),
      purchaseOrderId: z.string().nullable(),
      invoiceDate: z.string(),
      dueDate: z.string(),
      total: z.number(),
      /** The total signed by type (credit memos negative). */
      amount: z.number(),
      reconciled: z.boolean(),
    }),
  ),
  totals: z.object({
    invoices: z.number(),
    credits: z.number(),
    debits: z.number(),
    /** Signed amounts of PAID documents. */
    paid: z.number(),
    /** Signed amounts of the unpaid ones. */
    outstanding: z.number(),
    /** invoices + debits − credits (= paid + outstanding). */
    net: z.number(),
  }),
});
export type VendorStatement = z.infer<typeof VendorStatementSchema>;

import { z } from 'zod';
import { idSchema } from './ids';
import { listOf } from './lists';
import { PURCHASE_ORDER_TYPES } from './purchase-orders';
import { periodEnd, periodStart } from './stock-reports';

/**
 * Invoicing's purchase-spend report (issue #42, `reports.read`): per vendor or product, what was
 * received (receipts × the line's unit cost), invoiced (recorded documents, memos signed), the
 * matched invoices' price variances and the landed costs allocated, over a period. And the
 * internal read of purchasing's receipt lines it is built from.
 */
const id = idSchema();

/** What a purchase-spend report adds up by. */
export const PURCHASE_SPEND_GROUPS = ['vendor', 'product'] as const;
export type PurchaseSpendGroupBy = (typeof PURCHASE_SPEND_GROUPS)[number];

/** A date (`2026-03-31`) or a date-time with its offset; anything else is a 400 `validation_failed`. */
const moment = () =>
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: 'must be a date (2026-03-31) or a date-time with its offset (2026-03-31T17:00:00Z)',
  });

/** `from` not after `to` when both are given (the COGS report's rule: 400 `validation_failed` on `from`). */
const inOrder = ({ from, to }: { from?: string; to?: string }) => {
  if (from === undefined || to === undefined) return true;
  const [start, end] = [periodStart(from), periodEnd(to)];
  return Number.isNaN(start) || Number.isNaN(end) || start <= end;
};

export const PurchaseSpendQuerySchema = z
  .object({
    from: moment()
      .optional()
      .describe('The period’s first moment (a date: its start, UTC); 30 days before `to` when left out'),
    to: moment().optional().describe('The period’s last moment (a date: its end, UTC); now when left out'),
    groupBy: z.enum(PURCHASE_SPEND_GROUPS).default('vendor').describe('What each row adds up: vendor by default'),
  })
  .refine(inOrder, { message: 'must not be after to', path: ['from'] });
export type PurchaseSpendQuery = z.output<typeof PurchaseSpendQuerySchema>;

const spendFigures = {
  receivedAmount: z.number().describe('Units received in the period × their order line’s unit cost'),
  invoicedAmount: z
    .number()
    .describe('Totals of the recorded (not DRAFT) documents dated in the period: credit memos −, debit memos +'),
  priceVariance: z
    .number()
    .describe('Matched invoice lines’ cost variances, of standard invoices payable and dated in the period'),
  landedCosts: z.number().describe('Allocated amounts of the landed costs recorded in the period'),
};

export const PurchaseSpendGroupSchema = z
  .object({
    key: z
      .string()
      .nullable()
      .describe(
        'The vendor (source channel) id or the product id; null groups what has no known product (invoice ' +
          'lines matched to no order line, charges, variants the catalog no longer has)',
      ),
    name: z.string().nullable().describe('The vendor’s or the product’s name, when known'),
    ...spendFigures,
  })
  .describe('One group’s purchase spend');
export type PurchaseSpendGroup = z.infer<typeof PurchaseSpendGroupSchema>;

export const PurchaseSpendReportSchema = listOf(PurchaseSpendGroupSchema)
  .extend({
    from: z.string().describe('The period’s first moment'),
    to: z.string().describe('Its last moment'),
    groupBy: z.enum(PURCHASE_SPEND_GROUPS),
    totalReceivedAmount: z.number().describe('Every group’s figures added up'),
    totalInvoicedAmount: z.number(),
    totalPriceVariance: z.number(),
    totalLandedCosts: z.number(),
  })
  .describe('What was received, invoiced, varied and landed over a period, a page of groups');
export type PurchaseSpendReport = z.infer<typeof PurchaseSpendReportSchema>;

/** Purchasing's internal read of receipt lines, under /internal/v1. */
export const INTERNAL_RECEIPT_LINES_PATH = '/purchase-orders/receipt-lines';

/** Orders read per page of receipt lines at most. */
export const MAX_RECEIPT_ORDERS = 500;

export const ReceiptLinesQuerySchema = z
  .object({
    /** Receipts applied at or after `from`, before `to`. */
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    /** The `next` of the page before; null for the first. */
    after: z.string().nullable().default(null),
    /** Orders read for this page. */
    limit: z.number().int().min(1).max(MAX_RECEIPT_ORDERS).default(200),
  })
  .strict();
export type ReceiptLinesQuery = z.output<typeof ReceiptLinesQuerySchema>;

export const InternalReceiptLineSchema = z.object({
  purchaseOrderId: z.string(),
  orderNumber: z.string(),
  type: z.enum(PURCHASE_ORDER_TYPES),
  /** The supplier: a catalog source's id, and its name on the order. */
  channelId: z.string(),
  supplierName: z.string(),
  currency: z.string(),
  lineId: z.string(),
  receiptId: z.string(),
  variantId: id,
  quantity: z.number(),
  /** The line's unit cost (lines are edited before any receipt only, so it is the receipt's). */
  unitCost: z.number(),
  receivedAt: z.string(),
});
export type InternalReceiptLine = z.infer<typeof InternalReceiptLineSchema>;

/**
 * The applied receipts of a page of the caller organization's orders (by id), oldest order id
 * first; `next` is null on the last page (a page may hold no lines and still have a next).
 */
export const ReceiptLinesSchema = z.object({
  data: z.array(InternalReceiptLineSchema),
  next: z.string().nullable(),
});
export type ReceiptLines = z.infer<typeof ReceiptLinesSchema>;

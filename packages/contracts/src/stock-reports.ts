import { z } from 'zod';
import { idSchema } from './ids';
import { listOf } from './lists';

/**
 * Inventory's stock reports (issue #42, `reports.read`): the stock's value as of a date, one
 * variant's stock on a past date, and the age of what is on hand. Values are money in the
 * organization's currency (`GET /inventory-settings`), exact in cents; a unit cost is a value
 * divided by its quantity, rounded to the cent.
 */
const id = idSchema();

/** A date-time a client's clock may be ahead by and still mean now. */
const CLOCK_SKEW_MS = 60_000;

/** Whether a moment is not in the future: a date not after today (UTC), a date-time not past now. */
export function notInFuture(value: string, now = Date.now()): boolean {
  if (value.length === 10) return value <= new Date(now).toISOString().slice(0, 10);
  return Date.parse(value) <= now + CLOCK_SKEW_MS;
}

/**
 * A moment of the past: a date (`2026-03-31`, the end of that day, UTC) or a date-time with its
 * offset. A moment in the future, or one that is neither, is a 400 `validation_failed`.
 */
const pastMoment = () =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: 'must be a date (2026-03-31) or a date-time with its offset (2026-03-31T17:00:00Z)',
    })
    .refine((v) => notInFuture(v), 'must not be in the future');

/** What a valuation adds up by. */
export const VALUATION_GROUPS = ['variant', 'product', 'category', 'warehouse'] as const;
export type ValuationGroupBy = (typeof VALUATION_GROUPS)[number];

export const StockValuationQuerySchema = z.object({
  asOf: pastMoment().optional().describe('The moment valued (a date: its end, UTC); now when left out'),
  warehouseId: id.optional().describe('Only this warehouse'),
  groupBy: z.enum(VALUATION_GROUPS).default('variant').describe('What each row adds up: variant by default'),
});
export type StockValuationQuery = z.output<typeof StockValuationQuerySchema>;

export const ValuationGroupSchema = z
  .object({
    key: z
      .string()
      .nullable()
      .describe(
        'The variant, product, category or warehouse id; null groups the variants of no known product ' +
          '(product) or of no category (category)',
      ),
    sku: z.string().nullable().describe('The variant’s SKU (variant rows only)'),
    name: z.string().nullable().describe('The variant’s or the warehouse’s name; null for products and categories'),
    quantity: z.number(),
    unitCost: z.number().nullable().describe('value / quantity, to the cent; null when the quantity is 0'),
    value: z.number(),
  })
  .describe('One group’s stock and its value');
export type ValuationGroup = z.infer<typeof ValuationGroupSchema>;

export const StockValuationSchema = listOf(ValuationGroupSchema)
  .extend({
    asOf: z.string().describe('The moment valued'),
    currency: z.string(),
    groupBy: z.enum(VALUATION_GROUPS),
    warehouseId: z.string().nullable(),
    totalQuantity: z.number().describe('Every group’s quantity (a variant in two categories counted once)'),
    totalValue: z.number(),
  })
  .describe('The stock’s quantity and value as of a moment, from the valuation ledger, a page of groups');
export type StockValuation = z.infer<typeof StockValuationSchema>;

export const StockAsOfQuerySchema = z.object({
  date: pastMoment().optional().describe('The moment (a date: its end, UTC); now when left out'),
});
export type StockAsOfQuery = z.output<typeof StockAsOfQuerySchema>;

const stockAsOfAmounts = {
  onHand: z.number(),
  reserved: z
    .number()
    .nullable()
    .describe('What holds kept reserved then; null for a moment before the reservation ledger began (not known)'),
  value: z.number(),
};

export const StockAsOfSchema = z
  .object({
    variantId: z.string(),
    asOf: z.string(),
    currency: z.string(),
    warehouses: z.array(
      z.object({
        warehouseId: z.string(),
        ...stockAsOfAmounts,
        unitCost: z.number().nullable().describe('value / onHand, to the cent; null when nothing is on hand'),
      }),
    ),
    ...stockAsOfAmounts,
  })
  .describe('One variant’s stock and its value per warehouse on a past moment');
export type StockAsOf = z.infer<typeof StockAsOfSchema>;

/** Days since a layer came in: 0–30, 31–60, 61–90, 91–180, 181 and more. */
export const STOCK_AGE_BUCKETS = [
  { bucket: '0-30', minDays: 0, maxDays: 30 },
  { bucket: '31-60', minDays: 31, maxDays: 60 },
  { bucket: '61-90', minDays: 61, maxDays: 90 },
  { bucket: '91-180', minDays: 91, maxDays: 180 },
  { bucket: '181+', minDays: 181, maxDays: null },
] as const;

export const InventoryAgingQuerySchema = z.object({
  warehouseId: id.optional().describe('Only this warehouse'),
  asOf: pastMoment().optional().describe('The moment ages are counted to (a date: its end, UTC); now when left out'),
});
export type InventoryAgingQuery = z.output<typeof InventoryAgingQuerySchema>;

export const InventoryAgingSchema = z
  .object({
    asOf: z.string(),
    currency: z.string(),
    warehouseId: z.string().nullable(),
    buckets: z.array(
      z.object({
        bucket: z.string().describe('0-30, 31-60, 61-90, 91-180 or 181+ (days)'),
        minDays: z.number().int(),
        maxDays: z.number().int().nullable(),
        quantity: z.number(),
        value: z.number(),
      }),
    ),
    totalQuantity: z.number(),
    totalValue: z.number(),
  })
  .describe(
    'The stock on hand now by the age of its cost layers (FIFO) or of its pool’s last receipt (moving average)',
  );
export type InventoryAging = z.infer<typeof InventoryAgingSchema>;

/** What a cost-of-goods-sold report adds up by. */
export const COGS_GROUPS = ['channel', 'product', 'day'] as const;
export type CogsGroupBy = (typeof COGS_GROUPS)[number];

/** A moment given as the start of a period (a date: its first instant, UTC) or its end (a date: its last). */
export const periodStart = (value: string) => Date.parse(value.length === 10 ? `${value}T00:00:00.000Z` : value);
export const periodEnd = (value: string) => Date.parse(value.length === 10 ? `${value}T23:59:59.999Z` : value);

/** `from` not after `to` (when both are given and parse; their own rules refuse them otherwise). */
const inOrder = ({ from, to }: { from?: string; to?: string }) => {
  if (from === undefined || to === undefined) return true;
  const [start, end] = [periodStart(from), periodEnd(to)];
  return Number.isNaN(start) || Number.isNaN(end) || start <= end;
};

export const CogsQuerySchema = z
  .object({
    from: pastMoment()
      .optional()
      .describe('The period’s first moment (a date: its start, UTC); 30 days before `to` when left out'),
    to: pastMoment().optional().describe('The period’s last moment (a date: its end, UTC); now when left out'),
    channelId: id.optional().describe('Only the sales of this sales channel'),
    groupBy: z.enum(COGS_GROUPS).default('channel').describe('What each row adds up: channel by default'),
  })
  .refine(inOrder, { message: 'must not be after to', path: ['from'] });
export type CogsQuery = z.output<typeof CogsQuerySchema>;

const cogsFigures = {
  quantity: z.number().describe('Sold less returned'),
  revenue: z.number().describe('The order lines’ prices × quantity sold, less returns'),
  cogs: z.number().describe('Cost of goods sold: the sales’ cost, less returns, plus landed costs on goods sold'),
  grossMargin: z.number().describe('revenue − cogs'),
  marginPercent: z.number().nullable().describe('grossMargin / revenue × 100, to 2 decimals; null when revenue is 0'),
};

export const CogsGroupSchema = z
  .object({
    key: z
      .string()
      .nullable()
      .describe(
        'The sales channel id, product id or day (2026-03-31, UTC); null groups what no channel sold (deducts ' +
          'that named no sale, landed costs on goods sold) or the variants of no known product',
      ),
    ...cogsFigures,
  })
  .describe('One group’s sales, their cost and margin');
export type CogsGroup = z.infer<typeof CogsGroupSchema>;

export const CogsReportSchema = listOf(CogsGroupSchema)
  .extend({
    from: z.string().describe('The period’s first moment'),
    to: z.string().describe('Its last moment'),
    currency: z.string(),
    groupBy: z.enum(COGS_GROUPS),
    channelId: z.string().nullable(),
    totalQuantity: z.number().describe('Every group’s figures added up, as the groups’ are'),
    totalRevenue: z.number(),
    totalCogs: z.number(),
    totalGrossMargin: z.number(),
    totalMarginPercent: z.number().nullable(),
  })
  .describe('Cost of goods sold and gross margin over a period, from the valuation ledger, a page of groups');
export type CogsReport = z.infer<typeof CogsReportSchema>;

import { z } from 'zod';
import { idSchema } from './ids';
import { listOf } from './lists';

/**
 * Inventory's reorder suggestions (issue #42, `reports.read`): per variant and warehouse with a
 * stock row, its sales velocity, days of cover, reorder point, what its supplier takes and a
 * suggested quantity (services/inventory/README.md: the rule). Quantities have up to 4 decimals.
 */
const id = idSchema();

/** The sales window's days: 30 unless asked, 1 to 365. */
export const REORDER_WINDOW_DAYS = { default: 30, min: 1, max: 365 } as const;

export const ReorderSuggestionsQuerySchema = z.object({
  warehouseId: id.optional().describe('Only this warehouse'),
  days: z.coerce
    .number()
    .int()
    .min(REORDER_WINDOW_DAYS.min)
    .max(REORDER_WINDOW_DAYS.max)
    .default(REORDER_WINDOW_DAYS.default)
    .describe('The sales window, in days up to now (1 to 365): 30 when left out'),
});
export type ReorderSuggestionsQuery = z.output<typeof ReorderSuggestionsQuerySchema>;

/** What the suggestion follows: the stock rows' min/max, or (neither set) the sales velocity. */
export const REORDER_RULES = ['min_max', 'velocity'] as const;

export const ReorderSuggestionSchema = z
  .object({
    variantId: z.string(),
    sku: z.string().nullable().describe('From the variant read model; null for a variant it has not heard of'),
    name: z.string().nullable(),
    warehouseId: z.string(),
    onHand: z.number(),
    reserved: z.number(),
    available: z.number().describe('onHand − reserved'),
    minQuantity: z.number().nullable().describe('The warehouse’s stock rows’ minQuantity (their sum); null: none set'),
    maxQuantity: z.number().nullable().describe('Their maxQuantity the same way'),
    sold: z.number().describe('SALE movements out of the warehouse in the window'),
    velocity: z.number().describe('sold / days: units a day, to 4 decimals'),
    daysOfCover: z
      .number()
      .nullable()
      .describe('available / velocity, to 2 decimals (0 when oversold); null: no sales'),
    incoming: z
      .number()
      .describe('On order: ordered − received on open STANDARD purchase orders (drafts too) into the warehouse'),
    sourceChannelId: z
      .string()
      .nullable()
      .describe('The supplier: its preferred offer’s source, else the one with the lowest cost; null: no offer'),
    supplierSku: z.string().nullable(),
    leadTimeDays: z.number().nullable().describe('The supplier’s lead time; null: none set, or no supplier'),
    unitCost: z.number().nullable().describe('The supplier’s cost of one unit, in `currency`; null: none set'),
    currency: z.string().nullable().describe('The supplier’s currency'),
    rule: z.enum(REORDER_RULES).describe('min_max when a stock row sets a min or max, else velocity'),
    suggestedQuantity: z.number().describe('What to order now (0: nothing); never negative'),
  })
  .describe('One variant at one warehouse: its sales, cover, supplier and what to reorder');
export type ReorderSuggestion = z.infer<typeof ReorderSuggestionSchema>;

export const ReorderSuggestionsSchema = listOf(ReorderSuggestionSchema)
  .extend({
    asOf: z.string().describe('The window’s end: now'),
    from: z.string().describe('The window’s start: `days` before now'),
    days: z.number().int(),
    warehouseId: z.string().nullable(),
  })
  .describe('Reorder suggestions per variant and warehouse, in variant then warehouse order, a page of them');
export type ReorderSuggestions = z.infer<typeof ReorderSuggestionsSchema>;

import { z } from 'zod';
import { idSchema } from './ids';
import { money, nonNegativeMoney, positiveQuantity } from './amounts';
import { StockMovementSchema } from './stock';

/**
 * The inventory service's internal API under /internal/v1 (never routed by the
 * gateway): the calls other services make to move stock. Every call carries an
 * `operationKey`; the same key (per organization) never moves stock twice, and a
 * repeat answers with `replayed: true` and the current level; the same key with other parameters
 * (kind, variant, warehouse, quantity, bin) is refused with 409 `operation_key_reused`.
 */
const id = idSchema();
const operationKey = z.string().trim().min(1).max(200);

export const INTERNAL_STOCK_PATHS = {
  reserve: '/stock/reserve',
  release: '/stock/release',
  receive: '/stock/receive',
  deduct: '/stock/deduct',
  moves: '/stock/moves',
} as const;

/** An order line's quantity of a variant at a warehouse, under the operation's key. */
const heldStock = { operationKey, variantId: id, warehouseId: id, quantity: positiveQuantity() };
/** Orders: hold stock of a warehouse for an order line; refused above that warehouse's available. */
export const ReserveStockSchema = z.object(heldStock).strict();
/** Orders: give a hold back; refused above what the warehouse holds reserved. */
export const ReleaseStockSchema = z.object(heldStock).strict();
/** Purchasing: RECEIPT into a bin; binId omitted means the primary bin, else Unassigned; null means Unassigned. */
const placed = ReserveStockSchema.extend({
  binId: id.nullable().optional(),
  reason: z.string().trim().min(1).max(500).optional(),
});
/**
 * `unitCost`: what one unit cost (the purchase-order line's unit price, in the organization's
 * currency), the receipt's cost layer; omitted, the stock comes in at the current average.
 * `origin`: where the cost comes from (`<purchaseOrderId>:<lineId>`), so a landed cost later
 * allocated to that line reaches its layers.
 */
export const ReceiveStockSchema = placed
  .extend({ unitCost: nonNegativeMoney().optional(), origin: z.string().trim().min(1).max(200).optional() })
  .strict();
/**
 * What a deduct sold (orders' fulfilment): the order, its sales channel and the order line's
 * price of one unit of the variant deducted, as the line has it (in the organization's currency; a
 * feed's line may be negative; null when the line has none, or for a kit's component, whose kit is
 * priced, not it). Inventory keeps it on the
 * SALE's valuation entry for `GET /reports/cogs`. Not compared on a repeat: the key decides.
 */
export const StockSaleSchema = z.object({ orderId: id, channelId: id, unitPrice: money().nullable() }).strict();
export type StockSale = z.infer<typeof StockSaleSchema>;

/**
 * Orders: SALE on fulfilment. The source location is resolved like a transfer's unless
 * binId is given; `fromReserved` (default true) also consumes that much of the hold; `sale`
 * names what was sold (a deduct without it counts as a sale of no channel).
 */
export const DeductStockSchema = placed
  .extend({ fromReserved: z.boolean().default(true), sale: StockSaleSchema.optional() })
  .strict();

export type ReserveStock = z.infer<typeof ReserveStockSchema>;
export type ReceiveStock = z.infer<typeof ReceiveStockSchema>;
export type DeductStock = z.infer<typeof DeductStockSchema>;

/** Moves one call may carry (`POST /stock/moves`). */
export const MAX_STOCK_MOVES = 200;

/** One move of a batch: a reserve, release or deduct as its own route takes it, with its kind. */
export const StockMoveSchema = z.discriminatedUnion('kind', [
  ReserveStockSchema.extend({ kind: z.literal('reserve') }).strict(),
  ReleaseStockSchema.extend({ kind: z.literal('release') }).strict(),
  DeductStockSchema.extend({ kind: z.literal('deduct') }).strict(),
]);
export type StockMove = z.input<typeof StockMoveSchema>;

/**
 * Orders: many holds' moves at once (an order's holds, a fulfilment's deducts), each exactly as
 * its own route would make it: applied once by its key, all or nothing per move, a refusal of one
 * (not enough available, the key reused) its own outcome beside the others'. Keys are distinct.
 */
export const StockMovesSchema = z
  .object({ moves: z.array(StockMoveSchema).min(1).max(MAX_STOCK_MOVES) })
  .strict()
  .refine((body) => new Set(body.moves.map((m) => m.operationKey)).size === body.moves.length, {
    message: 'operation keys must be distinct',
    path: ['moves'],
  });

/** A move's outcome: made (or made before: `replayed`), or refused with the error its own route answers. */
export const StockMoveOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ operationKey: z.string(), ok: z.literal(true), replayed: z.boolean() }),
  z.object({
    operationKey: z.string(),
    ok: z.literal(false),
    error: z.object({ status: z.number().int(), code: z.string(), message: z.string() }),
  }),
]);
export type StockMoveOutcome = z.infer<typeof StockMoveOutcomeSchema>;
/** The outcomes, in the order of the moves. */
export const StockMovesResultSchema = z.object({ data: z.array(StockMoveOutcomeSchema) });
export type StockMovesResult = z.infer<typeof StockMovesResultSchema>;

export const StockOperationResultSchema = z.object({
  operationKey: z.string(),
  /** true: this key had already been applied; nothing moved now. */
  replayed: z.boolean(),
  variantId: z.string(),
  onHand: z.number(),
  reserved: z.number(),
  available: z.number(),
  movements: z.array(StockMovementSchema),
});
export type StockOperationResult = z.infer<typeof StockOperationResultSchema>;

/**
 * Internal catalog events inventory consumes to keep its variant read model (id, SKU,
 * name, product and categories, for its stock reports). The catalog service publishes them;
 * `updatedAt` orders them, so a late copy never overwrites a newer one. `productId` and
 * `categoryIds` are optional: a copy from a catalog older than them leaves what is known.
 */
export const CATALOG_VARIANT_EVENTS = {
  'variant.upserted': z.object({
    orgId: id,
    variantId: id,
    sku: z.string(),
    name: z.string(),
    /** The product holding the variant. */
    productId: id.optional(),
    /** The product's categories (today at most one: its `categoryId`); empty when it has none. */
    categoryIds: z.array(id).optional(),
    updatedAt: z.string().datetime(),
  }),
  'variant.deleted': z.object({ orgId: id, variantId: id, updatedAt: z.string().datetime() }),
} as const;
export type VariantUpserted = z.infer<(typeof CATALOG_VARIANT_EVENTS)['variant.upserted']>;
export type VariantDeleted = z.infer<(typeof CATALOG_VARIANT_EVENTS)['variant.deleted']>;

/** Inventory's own ledger event: a movement to write to the ledger (its outbox relay applies it locally). */
export const INVENTORY_INTERNAL_EVENTS = {
  'stock.movement_recorded': z.object({ orgId: id, movement: StockMovementSchema }),
} as const;

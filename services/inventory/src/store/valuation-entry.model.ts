import { Schema, type Connection, type InferSchemaType } from 'mongoose';
import { VALUATION_KINDS } from '../domain/valuation-entry';

/**
 * The valuation ledger (`stock_valuation_entries`): one row per entry the costing engine makes
 * (domain/valuation-entry.ts), written like the movement ledger, as a projection of the level's
 * write (rows ride on its outbox; ids are fixed by the change, so a replay inserts nothing).
 * `version` is the level's version after the change and `index` the entry's place in it: within
 * one variant they order entries of the same instant.
 */
const valuationEntrySchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    variantId: { type: String, required: true },
    warehouseId: { type: String, required: true },
    at: { type: Date, required: true },
    version: { type: Number, required: true },
    index: { type: Number, required: true },
    kind: { type: String, enum: VALUATION_KINDS, required: true },
    /** Signed change of on hand, and the warehouse's on hand after it. */
    quantity: { type: Number, required: true },
    quantityAfter: { type: Number, required: true },
    /** Signed change of stock value, what it charged to COGS, and the warehouse's value after it: whole cents. */
    valueCents: { type: Number, required: true },
    cogsCents: { type: Number, required: true },
    valueAfterCents: { type: Number, required: true },
    cause: {
      type: { type: String, required: true },
      id: { type: String, required: true },
    },
    /** A SALE's sale when its deduct named one (orders' fulfilment): absent on other rows and older ones. */
    orderId: { type: String },
    channelId: { type: String },
    revenueCents: { type: Number },
  },
  { collection: 'stock_valuation_entries', versionKey: false },
);
// One variant's stock as of a date (GET /stock/variant/{id}/as-of): its entries up to it,
// `{ orgId, variantId, at: { $lte: asOf } }`, summed per warehouse (store/valuation-reads.ts: a sum,
// not the last row's `…After` fields, which two racing writes may date out of version order).
// The date right after the equalities: with the warehouse between them our FerretDB planned the read on
// `{orgId, at}` and read the organization's every entry up to the date (0.9–1 s for 34–50 of 100,000).
valuationEntrySchema.index({ orgId: 1, variantId: 1, at: 1 });
// A period's flows (the reconciliation): `{ orgId, at: { $gte: from, $lte: to } }` summed by kind
// (domain/valuation-summary.ts); a warehouse's the same with warehouseId.
// The stock's value as of a date (GET /reports/stock-valuation): `{ orgId, [warehouseId,] at: { $lte } }`, summed.
valuationEntrySchema.index({ orgId: 1, at: 1 });
valuationEntrySchema.index({ orgId: 1, warehouseId: 1, at: 1 });
// A period's cost of goods sold (GET /reports/cogs, store/valuation-reads.ts `soldFilters`): the rows of each kind
// that charges it, `{ orgId, kind, at: { $gte, $lte } }`, or of one sales channel, `{ orgId, channelId, at: … }`.
valuationEntrySchema.index({ orgId: 1, kind: 1, at: 1 });
valuationEntrySchema.index({ orgId: 1, channelId: 1, at: 1 });
// What one cause made (a landed cost's allocation to a line, a movement's cost): its re-allocation's
// difference and the audit trail.
valuationEntrySchema.index({ orgId: 1, 'cause.type': 1, 'cause.id': 1 });

export const valuationEntryModel = (connection: Connection) =>
  connection.model('StockValuationEntry', valuationEntrySchema);
export type ValuationEntryDoc = InferSchemaType<typeof valuationEntrySchema>;

import { Schema, type Connection } from 'mongoose';

/**
 * The valuation ledger's closed days (`stock_valuation_days`, one row per organization and UTC
 * day, domain/valuation-day.ts): the day's changes per variant and warehouse, packed
 * (domain/packed-positions.ts). Read by the organization's days up to one (`{ orgId, day: { $lte } }`)
 * or a run of them.
 */
const valuationDaySchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    day: { type: String, required: true },
    /** store/stored-positions.ts: packed, or a JSON string in rows written before. */
    positions: { type: Schema.Types.Mixed, required: true },
  },
  { collection: 'stock_valuation_days', versionKey: false },
);
valuationDaySchema.index({ orgId: 1, day: 1 });

/**
 * The same days' cost of goods sold (`stock_valuation_sales`), apart from their stock so neither
 * report reads the other's: per variant, channel and kind (`sold`). Days closed before channel
 * totals were kept apart also hold those (`channels`).
 */
const valuationSalesSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    day: { type: String, required: true },
    /** Packed (domain/packed-rows.ts), or a JSON string in days closed before. */
    sold: { type: Schema.Types.Mixed, required: true },
    channels: { type: String },
  },
  { collection: 'stock_valuation_sales', versionKey: false },
);
valuationSalesSchema.index({ orgId: 1, day: 1 });

/**
 * The same days' cost of goods sold per channel and kind (`stock_valuation_channels`): a report by
 * channel or by day reads only these, a few rows a day, never a day's sales per variant (the store
 * reads a whole row to give one field of it).
 */
const valuationChannelsSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    day: { type: String, required: true },
    channels: { type: String, required: true },
  },
  { collection: 'stock_valuation_channels', versionKey: false },
);
valuationChannelsSchema.index({ orgId: 1, day: 1 });

/**
 * How far an organization's days are closed (`stock_valuation_closes`, one row per organization):
 * every day up to `through` has its row, which the reports may trust; `epoch` counts the times an
 * entry written late reopened days, so a close that read the entries before such an entry does not
 * move `through` past it (store/valuation-days.ts).
 */
const valuationCloseSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** `YYYY-MM-DD`; '' while none is (valuation-days.ts). */
    through: { type: String },
    epoch: { type: Number, required: true },
  },
  { collection: 'stock_valuation_closes', versionKey: false },
);

/**
 * Sums at the end of each closed month, and of the last closed day (`latest`, one at a time),
 * (store/month-closings.ts): one row per part of its packed rows (`rows`; a stock closing written
 * before that: `positions`, a JSON string), each with how many parts its closing has (`parts`; none
 * on rows written before it was kept). Read by the last day on or before one (`{ orgId, day }`).
 */
const monthClosingSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    day: { type: String, required: true },
    part: { type: Number, required: true },
    parts: { type: Number },
    latest: { type: Boolean },
    rows: { type: Schema.Types.Mixed },
    positions: { type: String },
  },
  { versionKey: false },
);
monthClosingSchema.index({ orgId: 1, day: 1 });

/** A kind of month closing: the stock (`stock_valuation_closings`) or the sales (`stock_valuation_sales_closings`). */
export const monthClosingModel = (connection: Connection, kind: 'stock' | 'sales') =>
  kind === 'stock'
    ? connection.model('StockValuationClosing', monthClosingSchema, 'stock_valuation_closings')
    : connection.model('StockValuationSalesClosing', monthClosingSchema, 'stock_valuation_sales_closings');

export const valuationDayModel = (connection: Connection) => connection.model('StockValuationDay', valuationDaySchema);
export const valuationCloseModel = (connection: Connection) =>
  connection.model('StockValuationClose', valuationCloseSchema);

const valuationSalesModel = (connection: Connection) => connection.model('StockValuationSales', valuationSalesSchema);
const valuationChannelsModel = (connection: Connection) =>
  connection.model('StockValuationChannels', valuationChannelsSchema);

/** The closed days' collections on a connection. */
export const valuationDayModels = (connection: Connection) => ({
  days: valuationDayModel(connection),
  sales: valuationSalesModel(connection),
  channels: valuationChannelsModel(connection),
  closes: valuationCloseModel(connection),
  closings: monthClosingModel(connection, 'stock'),
  salesClosings: monthClosingModel(connection, 'sales'),
});

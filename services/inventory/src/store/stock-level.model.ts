import { Schema, type Connection } from 'mongoose';
import { outboxFields } from '@stockyard/service-kit';

const locationSchema = new Schema(
  {
    warehouseId: { type: String, required: true },
    binId: { type: String, default: null },
    onHand: { type: Number, required: true },
    minQuantity: { type: Number, default: null },
    maxQuantity: { type: Number, default: null },
  },
  { _id: false },
);

const stockLevelSchema = new Schema(
  {
    _id: { type: String },
    orgId: { type: String, required: true },
    variantId: { type: String, required: true },
    locations: { type: [locationSchema], default: [] },
    reserved: { type: Number, default: 0 },
    reservations: { type: [{ _id: false, warehouseId: String, quantity: Number }], default: [] },
    primaryBins: { type: [{ _id: false, warehouseId: String, binId: String }], default: [] },
    operations: { type: [{ _id: false, key: String, at: Date, sig: String }], default: [] },
    hasReorderPoint: { type: Boolean },
    // Packed by the store's codec (stock-level.codec.ts): the cost pools with their layers (one
    // per warehouse, so a movement and its cost are one document write), the applied costs.
    costPools: { type: Schema.Types.Mixed },
    landedCosts: { type: Schema.Types.Mixed },
    costVariances: { type: Schema.Types.Mixed },
    version: { type: Number, default: 0 },
    ...outboxFields,
  },
  { collection: 'stock_levels', timestamps: true, versionKey: false },
);
stockLevelSchema.index({ orgId: 1, variantId: 1 }, { unique: true });
// A warehouse's or bin's levels are found through the level-place index (store/level-places.ts),
// not by `locations`: our FerretDB build reads every level of the organization for that array.
// Reorder levels (POST /internal/v1/stock/reorder-levels): the levels with a reorder point, a page in variant order.
stockLevelSchema.index({ orgId: 1, hasReorderPoint: 1, variantId: 1 });
// An export's pages of levels (issue #41): oldest first after the cursor, a page's range of the organization's levels.
stockLevelSchema.index({ orgId: 1, createdAt: 1, _id: 1 });
// The levels written since an aging snapshot started (store/aging-snapshots.ts).
stockLevelSchema.index({ orgId: 1, updatedAt: 1 });

export const stockLevelModel = (connection: Connection) => connection.model('StockLevel', stockLevelSchema);
export type StockLevelModel = ReturnType<typeof stockLevelModel>;

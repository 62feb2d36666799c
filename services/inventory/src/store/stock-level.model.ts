import { Schema, type Connection } from 'mongoose';
import { outboxFields } from '@stockyard/service-kit';

const locationSchema = new Schema(
  { warehouseId: { type: String, required: true }, binId: { type: String, default: null }, onHand: { type: Number, required: true } },
  { _id: false },
);

const stockLevelSchema = new Schema(
  {
    _id: { type: String },
    orgId: { type: String, required: true },
    variantId: { type: String, required: true },
    locations: { type: [locationSchema], default: [] },
    reserved: { type: Number, default: 0 },
    version: { type: Number, default: 0 },
    ...outboxFields,
  },
  { collection: 'stock_levels', timestamps: true, versionKey: false },
);
stockLevelSchema.index({ orgId: 1, variantId: 1 }, { unique: true });

export const stockLevelModel = (connection: Connection) => connection.model('StockLevel', stockLevelSchema);
export type StockLevelModel = ReturnType<typeof stockLevelModel>;

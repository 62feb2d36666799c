import { Schema } from 'mongoose';
import { COSTING_METHODS } from '@stockyard/contracts';

const costLayerSchema = new Schema(
  {
    quantity: { type: Number, required: true },
    valueCents: { type: Number, required: true },
    receivedAt: { type: Date, required: true },
    origin: { type: String, default: null },
    inflow: { type: Number },
  },
  { _id: false },
);

const costPoolSchema = new Schema(
  {
    warehouseId: { type: String, required: true },
    method: { type: String, enum: COSTING_METHODS, required: true },
    layers: { type: [costLayerSchema], default: [] },
  },
  { _id: false },
);

/**
 * The level's cost pools (domain/cost-layer.ts), one per warehouse: to be the `costPools` field of
 * `stock_levels`, so a movement and its cost are one document write (no multi-document
 * transactions on FerretDB). A level without the field has no pools yet: its stock on hand is
 * brought in by OPENING entries as costing meets it.
 */
export const costPoolsField = { type: [costPoolSchema], default: [] };

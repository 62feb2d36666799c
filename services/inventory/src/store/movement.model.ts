import { Schema, type Connection, type InferSchemaType } from 'mongoose';
import { MOVEMENT_TYPES } from '@stockyard/contracts';

const movementSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    type: { type: String, enum: MOVEMENT_TYPES, required: true },
    variantId: { type: String, required: true },
    warehouseId: { type: String, required: true },
    binId: { type: String, default: null },
    quantity: { type: Number, required: true },
    reason: { type: String, required: true },
    onHandAfter: { type: Number, required: true },
    reference: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'stock_movements', versionKey: false },
);
// Newest first, optionally filtered by variant, warehouse or type (GET /stock/movements): each
// index ends on the list's whole sort, so it gives the order on MongoDB (no SORT stage) and a
// cursor page starts inside it. Replaces (orgId, variantId|warehouseId|type, createdAt), which
// a deployment drops once this runs.
movementSchema.index({ orgId: 1, createdAt: -1, _id: -1 });
movementSchema.index({ orgId: 1, variantId: 1, createdAt: -1, _id: -1 });
movementSchema.index({ orgId: 1, warehouseId: 1, createdAt: -1, _id: -1 });
movementSchema.index({ orgId: 1, type: 1, createdAt: -1, _id: -1 });

export const movementModel = (connection: Connection) => connection.model('StockMovement', movementSchema);
export type MovementModel = ReturnType<typeof movementModel>;
/** A ledger row as stored: the movement with `_id` for its id, a Date for `createdAt` and the orgId. */
export type MovementDoc = InferSchemaType<typeof movementSchema>;

import { outboxFields } from '@stockyard/service-kit';
import { Schema, type Connection } from 'mongoose';

/** Stock holds, one document each (services/orders/README.md, "Holds"); the store writes them raw. */
const holdSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    orderId: { type: String, required: true },
    orderStatus: { type: String, required: true },
    lineId: { type: String, required: true },
    variantId: { type: String, required: true },
    status: { type: String, required: true },
    quantity: { type: Number, required: true },
    warehouseId: { type: String, default: null },
    reservedQuantity: { type: Number, default: 0 },
    committedQuantity: { type: Number, default: 0 },
    reserves: { type: Number, default: 0 },
    releases: { type: Number, default: 0 },
    pendingMove: { type: Schema.Types.Mixed, default: null },
    sourceChannelId: { type: String, default: null },
    purchaseOrderLineId: { type: String, default: null },
    purchaseOrderId: { type: String, default: null },
    kitLevel: { type: Boolean, default: false },
    kitParentLineId: { type: String, default: null },
    generation: { type: Number, default: 0 },
    version: { type: Number, default: 1 },
    createdAt: { type: Date },
    updatedAt: { type: Date },
    // Each write's audit record leaves through the outbox.
    ...outboxFields,
  },
  { collection: 'holds', versionKey: false },
);
// An order's holds; a variant's open holds (the catalog's count); open holds of shipped orders (stale-hold runs).
holdSchema.index({ orgId: 1, orderId: 1, _id: 1 });
holdSchema.index({ orgId: 1, variantId: 1, status: 1 });
holdSchema.index({ orgId: 1, orderStatus: 1, status: 1, _id: 1 });
// The holds linked to a purchase-order line (its arrival reserves for them first).
holdSchema.index({ orgId: 1, purchaseOrderLineId: 1, _id: 1 });
// An export's pages of them all, oldest first.
holdSchema.index({ orgId: 1, createdAt: 1, _id: 1 });
// Moves in flight, oldest first (the sweep).
holdSchema.index({ 'pendingMove.at': 1 });

export const holdModel = (connection: Connection) => connection.model('Hold', holdSchema);
export type HoldModel = ReturnType<typeof holdModel>;

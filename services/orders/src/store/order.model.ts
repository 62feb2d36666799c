import { outboxFields } from '@stockyard/service-kit';
import { Schema, type Connection } from 'mongoose';

/**
 * A sales order with its lines, status history and shipments in one document: a change and its
 * events are one write, and a shipment's check against what is left to ship is serialized by
 * that write (services/orders/README.md, "Decisions"). The store writes the documents raw; the
 * schema declares the indexes.
 */
const orderSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    channelId: { type: String, required: true },
    channelPlatform: { type: String, required: true },
    channelOrderId: { type: String, required: true },
    status: { type: String, required: true },
    channelStatus: { type: String, default: null },
    orderedAt: { type: Date, required: true },
    currency: { type: String, default: null },
    customer: { type: Schema.Types.Mixed },
    shippingAddress: { type: Schema.Types.Mixed, default: null },
    notes: { type: String, default: null },
    channelNotes: { type: String, default: null },
    lines: { type: [Schema.Types.Mixed], default: [] },
    history: { type: [Schema.Types.Mixed], default: [] },
    shipments: { type: [Schema.Types.Mixed], default: [] },
    lineCount: { type: Number, default: 0 },
    quantity: { type: Number, default: 0 },
    total: { type: Number, default: 0 },
    blockedOnBuild: { type: Boolean, default: false },
    fulfilment: { type: Schema.Types.Mixed },
    assemblyStock: { type: Schema.Types.Mixed },
    channelUpdatedAt: { type: Date, default: null },
    syncedAt: { type: Date, default: null },
    deletedAt: { type: Date, default: null },
    version: { type: Number, default: 1 },
    createdAt: { type: Date },
    updatedAt: { type: Date },
    ...outboxFields,
  },
  { collection: 'orders', versionKey: false },
);

// Read by `_id` only: every list reads the orders' rows (order-row.model.ts).
export const orderModel = (connection: Connection) => connection.model('Order', orderSchema);
export type OrderModel = ReturnType<typeof orderModel>;

/** Who holds each (channel, channel order id) of an organization (`_id` = `<orgId>:<channelId>|<channelOrderId>`). */
const channelOrderClaimSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    orderId: { type: String, required: true },
    channelOrder: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'order_channel_claims', versionKey: false },
);
export const channelOrderClaimModel = (connection: Connection) =>
  connection.model('OrderChannelClaim', channelOrderClaimSchema);
export type ChannelOrderClaimModel = ReturnType<typeof channelOrderClaimModel>;

import { Schema, type Connection } from 'mongoose';

/**
 * The shipments' list: a projection of the shipments each order holds (the order's document is
 * the truth), kept from the orders' outbox (shipment-list.ts). One index per list: the
 * organization's newest first (a date range on `shippedAt`), and one order's.
 */
const shipmentSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    orderId: { type: String, required: true },
    channelId: { type: String, required: true },
    carrier: { type: String, default: null },
    trackingNumber: { type: String, default: null },
    trackingUrl: { type: String, default: null },
    shippedAt: { type: Date, required: true },
    lines: { type: [Schema.Types.Mixed], default: [] },
    createdAt: { type: Date, required: true },
  },
  { collection: 'shipments', versionKey: false },
);
shipmentSchema.index({ orgId: 1, shippedAt: -1, _id: -1 });
shipmentSchema.index({ orgId: 1, orderId: 1, shippedAt: -1, _id: -1 });

export const shipmentModel = (connection: Connection) => connection.model('Shipment', shipmentSchema);
export type ShipmentModel = ReturnType<typeof shipmentModel>;

import { Schema, type Connection } from 'mongoose';

/**
 * An order's outbound messages (e-mail to the supplier), a collection of their own: they grow
 * with every follow-up and carry their own SMTP status (services/purchasing/README.md).
 */
const messageSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    purchaseOrderId: { type: String, required: true },
    kind: { type: String, required: true },
    direction: { type: String, required: true },
    to: { type: [String], default: [] },
    cc: { type: [String], default: [] },
    subject: { type: String, required: true },
    status: { type: String, required: true },
    sentAt: { type: Date, default: null },
    error: { type: String, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'purchase_order_messages', versionKey: false },
);
/** The one list: an order's messages, newest first. */
messageSchema.index({ orgId: 1, purchaseOrderId: 1, createdAt: -1, _id: -1 });

export const messageModel = (connection: Connection) => connection.model('PurchaseOrderMessage', messageSchema);
export type MessageModel = ReturnType<typeof messageModel>;

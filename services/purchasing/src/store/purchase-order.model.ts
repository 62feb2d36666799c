import { outboxFields } from '@stockyard/service-kit';
import { Schema, type Connection } from 'mongoose';

/**
 * A purchase order with its lines, receipts, tracking and attachments in one document: a
 * change and its events are one write, and a receipt's over-receipt check is serialized by
 * that write (services/purchasing/README.md, "Decisions"). The store writes the documents
 * raw; the schema declares the indexes.
 */
const purchaseOrderSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    orderNumber: { type: String, required: true },
    status: { type: String, required: true },
    type: { type: String, required: true },
    channelId: { type: String, required: true },
    supplierName: { type: String, required: true },
    warehouseId: { type: String, default: null },
    currency: { type: String, required: true },
    expectedAt: { type: Date, default: null },
    notes: { type: String, default: null },
    lines: { type: [Schema.Types.Mixed], default: [] },
    receipts: { type: [Schema.Types.Mixed], default: [] },
    tracking: { type: [Schema.Types.Mixed], default: [] },
    attachments: { type: [Schema.Types.Mixed], default: [] },
    invoiceIds: { type: [String], default: [] },
    hasInvoice: { type: Boolean, default: false },
    pendingReceipts: { type: Boolean, default: false },
    submittedAt: { type: Date, default: null },
    receivedAt: { type: Date, default: null },
    cancelledAt: { type: Date, default: null },
    deletedAt: { type: Date, default: null },
    version: { type: Number, default: 1 },
    createdAt: { type: Date },
    updatedAt: { type: Date },
    ...outboxFields,
  },
  { collection: 'purchase_orders', versionKey: false },
);

/**
 * The receipt sweep reads by `pendingReceipts`; the lists read the orders' rows
 * (purchase-order-row.model.ts), which hold the list indexes.
 */
purchaseOrderSchema.index({ pendingReceipts: 1 });
// The receipt lines' pages (purchase-spend): the organization's orders by `_id`, the rest checked on read.
purchaseOrderSchema.index({ orgId: 1, _id: 1 });

export const purchaseOrderModel = (connection: Connection) => connection.model('PurchaseOrder', purchaseOrderSchema);
export type PurchaseOrderModel = ReturnType<typeof purchaseOrderModel>;

/** Who holds each order number of an organization (`_id` = `<orgId>:<number key>`). */
const numberClaimSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    purchaseOrderId: { type: String, required: true },
    orderNumber: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'order_number_claims', versionKey: false },
);
/** `_id` = orgId: the organization's next generated order number, advanced a block at a time. */
const numberSequenceSchema = new Schema(
  { _id: { type: String }, next: { type: Number, required: true }, version: { type: Number, required: true } },
  { collection: 'order_number_sequences', versionKey: false },
);

export const numberClaimModel = (connection: Connection) => connection.model('OrderNumberClaim', numberClaimSchema);
export const numberSequenceModel = (connection: Connection) =>
  connection.model('OrderNumberSequence', numberSequenceSchema);
export type NumberClaimModel = ReturnType<typeof numberClaimModel>;
export type NumberSequenceModel = ReturnType<typeof numberSequenceModel>;

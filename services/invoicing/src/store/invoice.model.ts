import { outboxFields } from '@stockyard/service-kit';
import { Schema, type Connection } from 'mongoose';

/**
 * An invoice with its lines and charges in one document: a change, its totals and its events
 * are one write (services/invoicing/README.md). The store writes the documents raw; the schema
 * declares the indexes.
 */
const invoiceSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    invoiceType: { type: String, required: true },
    status: { type: String, required: true },
    invoiceNumber: { type: String, required: true },
    channelId: { type: String, required: true },
    vendorName: { type: String, required: true },
    purchaseOrderId: { type: String, default: null },
    purchaseOrderNumber: { type: String, default: null },
    relatedInvoiceId: { type: String, default: null },
    currency: { type: String, required: true },
    invoiceDate: { type: String, required: true },
    dueDate: { type: String, required: true },
    notes: { type: String, default: null },
    lines: { type: [Schema.Types.Mixed], default: [] },
    charges: { type: [Schema.Types.Mixed], default: [] },
    subtotal: { type: Number, required: true },
    total: { type: Number, required: true },
    reconciled: { type: Boolean, default: false },
    reconciledAt: { type: Date, default: null },
    accountingPushedAt: { type: Date, default: null },
    paymentDate: { type: String, default: null },
    paymentReference: { type: String, default: null },
    paymentMethod: { type: String, default: null },
    submittedAt: { type: Date, default: null },
    approvedAt: { type: Date, default: null },
    disputedAt: { type: Date, default: null },
    paidAt: { type: Date, default: null },
    deletedAt: { type: Date, default: null },
    version: { type: Number, default: 1 },
    createdAt: { type: Date },
    updatedAt: { type: Date },
    ...outboxFields,
  },
  { collection: 'invoices', versionKey: false },
);

/**
 * The lists read the invoices' rows (invoice-row.model.ts), which hold the list indexes; these
 * are the other reads': a purchase order's invoices newest first, the recorded documents of a
 * period by invoice date (the purchase-spend report), a vendor's statement by invoice date.
 */
invoiceSchema.index({ orgId: 1, deletedAt: 1, purchaseOrderId: 1, createdAt: -1, _id: -1 });
invoiceSchema.index({ orgId: 1, deletedAt: 1, invoiceDate: -1, _id: -1 });
invoiceSchema.index({ orgId: 1, channelId: 1, deletedAt: 1, invoiceDate: 1, _id: 1 });

export const invoiceModel = (connection: Connection) => connection.model('Invoice', invoiceSchema);
export type InvoiceModel = ReturnType<typeof invoiceModel>;

/** Who holds each vendor's invoice number (`_id` = `<orgId>:<channelId>/<number key>`). */
const numberClaimSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    invoiceId: { type: String, required: true },
    invoiceNumber: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'invoice_number_claims', versionKey: false },
);
export const numberClaimModel = (connection: Connection) => connection.model('InvoiceNumberClaim', numberClaimSchema);

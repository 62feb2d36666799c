import { INVOICE_SORTS } from '@stockyard/contracts';
import { Schema, type Connection } from 'mongoose';

/**
 * The invoices' list rows (`invoice_rows`): one flat document per invoice with the fields lists
 * filter, sort and search on, and the invoice's wire shape packed as JSON (`view`). FerretDB
 * decodes every nested object of a document it reads (each line and charge of an invoice is
 * one); a row is a dozen values and one string. Kept by the kit's `ListRows` from each invoice's
 * writes (invoice-rows.ts).
 */
const invoiceRowSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    version: { type: Number, required: true },
    invoiceType: { type: String, required: true },
    status: { type: String, required: true },
    invoiceNumber: { type: String, required: true },
    channelId: { type: String, required: true },
    vendorName: { type: String, required: true },
    purchaseOrderId: { type: String, default: null },
    purchaseOrderNumber: { type: String, default: null },
    invoiceDate: { type: String, required: true },
    dueDate: { type: String, required: true },
    total: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    deletedAt: { type: Date, default: null },
    view: { type: String, required: true },
  },
  { collection: 'invoice_rows', versionKey: false },
);

/**
 * One index per list shape (test/list-plans.int.spec.ts): the equalities, then the sort, then
 * `_id`. Live invoices by each sort; by order, vendor, one status or one type newest first (with
 * another sort, or several values, such a filter is checked along the sort's own index); the
 * trash by `deletedAt`.
 */
for (const sort of INVOICE_SORTS) invoiceRowSchema.index({ orgId: 1, deletedAt: 1, [sort]: -1, _id: -1 });
const LIST_FILTERS = ['purchaseOrderId', 'channelId', 'status', 'invoiceType'] as const;
for (const filter of LIST_FILTERS) {
  invoiceRowSchema.index({ orgId: 1, deletedAt: 1, [filter]: 1, createdAt: -1, _id: -1 });
}
invoiceRowSchema.index({ orgId: 1, deletedAt: -1, _id: -1 });

export const invoiceRowModel = (connection: Connection) => connection.model('InvoiceRow', invoiceRowSchema);
export type InvoiceRowModel = ReturnType<typeof invoiceRowModel>;

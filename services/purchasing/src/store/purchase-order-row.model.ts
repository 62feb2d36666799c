import { PURCHASE_ORDER_SORTS } from '@stockyard/contracts';
import { Schema, type Connection } from 'mongoose';

/**
 * The purchase orders' list rows (`purchase_order_rows`): one flat document per order with the
 * fields lists filter, sort and search on, and the order's wire shape packed as JSON (`view`).
 * FerretDB decodes every nested object of a document it reads (an order of 100 lines is ~400 of
 * them, ~0.5 ms); a row is a dozen values and one string. Kept by the kit's `ListRows` from each
 * order's writes (purchase-order-rows.ts).
 */
const purchaseOrderRowSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    version: { type: Number, required: true },
    orderNumber: { type: String, required: true },
    status: { type: String, required: true },
    channelId: { type: String, required: true },
    supplierName: { type: String, required: true },
    hasInvoice: { type: Boolean, required: true },
    hasAttachment: { type: Boolean, required: true },
    /** The kinds of its attachments, each once. */
    attachmentKinds: { type: [String], default: [] },
    /** The search's exact check on lines: each line's SKU and the supplier's, one a line of text. */
    skus: { type: String, default: '' },
    expectedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    deletedAt: { type: Date, default: null },
    view: { type: String, required: true },
  },
  { collection: 'purchase_order_rows', versionKey: false },
);

/**
 * One index per list shape (test/list-plans.int.spec.ts): the equalities, then the sort, then
 * `_id`. Live orders by each sort; by status, supplier or invoice presence newest first (with
 * another sort, such a filter is checked along the sort's own index); the trash by `deletedAt`.
 */
for (const sort of PURCHASE_ORDER_SORTS) purchaseOrderRowSchema.index({ orgId: 1, deletedAt: 1, [sort]: -1, _id: -1 });
const LIST_FILTERS = ['status', 'channelId', 'hasInvoice'] as const;
for (const filter of LIST_FILTERS) {
  purchaseOrderRowSchema.index({ orgId: 1, deletedAt: 1, [filter]: 1, createdAt: -1, _id: -1 });
}
purchaseOrderRowSchema.index({ orgId: 1, deletedAt: -1, _id: -1 });

export const purchaseOrderRowModel = (connection: Connection) =>
  connection.model('PurchaseOrderRow', purchaseOrderRowSchema);
export type PurchaseOrderRowModel = ReturnType<typeof purchaseOrderRowModel>;

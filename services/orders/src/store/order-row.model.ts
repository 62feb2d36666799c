import { ORDER_SORTS } from '@stockyard/contracts';
import { Schema, type Connection } from 'mongoose';

/**
 * The orders' list rows (`order_rows`): one flat document per order with the fields lists filter,
 * sort and search on, and the order's wire shape packed as JSON (`view`). FerretDB decodes every
 * nested object of a document it reads (an order of 10 lines is ~15 of them): a page of 50 full
 * orders took ~90 ms to read, of flat rows ~17 ms (README, "List rows"). Kept from each order's
 * outbox (order-rows.ts).
 */
const orderRowSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    version: { type: Number, required: true },
    channelId: { type: String, required: true },
    status: { type: String, required: true },
    blockedOnBuild: { type: Boolean, required: true },
    /** Absent on a row written before fulfilment was shown (store/order.repository.ts reads it as UNFULFILLED). */
    fulfillmentStatus: { type: String },
    orderedAt: { type: Date, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    deletedAt: { type: Date, default: null },
    /** The search's exact check: the channel order id, the customer's name and e-mail, the SKUs (one a line). */
    channelOrderId: { type: String, required: true },
    customerName: { type: String, default: null },
    customerEmail: { type: String, default: null },
    skus: { type: String, default: '' },
    view: { type: String, required: true },
  },
  { collection: 'order_rows', versionKey: false },
);

/**
 * One index per list shape (test/list-plans.int.spec.ts): the equalities, then the sort, then
 * `_id`. Live orders by each sort (a date range on `orderedAt` is the range of the default
 * sort's index); by channel, status, both, blocked on a build, or fulfilment, by `orderedAt` (with another
 * sort such a filter is checked along the sort's own index); the trash by `deletedAt`.
 */
for (const sort of ORDER_SORTS) orderRowSchema.index({ orgId: 1, deletedAt: 1, [sort]: -1, _id: -1 });
const LIST_FILTERS = ['channelId', 'status', 'blockedOnBuild', 'fulfillmentStatus'] as const;
for (const filter of LIST_FILTERS) {
  orderRowSchema.index({ orgId: 1, deletedAt: 1, [filter]: 1, orderedAt: -1, _id: -1 });
}
orderRowSchema.index({ orgId: 1, deletedAt: 1, channelId: 1, status: 1, orderedAt: -1, _id: -1 });
orderRowSchema.index({ orgId: 1, deletedAt: -1, _id: -1 });

export const orderRowModel = (connection: Connection) => connection.model('OrderRow', orderRowSchema);
export type OrderRowModel = ReturnType<typeof orderRowModel>;

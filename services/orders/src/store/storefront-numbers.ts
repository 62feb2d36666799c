import { GeneratedNumbers } from '@stockyard/service-kit/store';
import { Schema, type Connection } from 'mongoose';

/** `_id` = orgId: the organization's next storefront order number, advanced a block at a time. */
const sequenceSchema = new Schema(
  { _id: { type: String }, next: { type: Number, required: true }, version: { type: Number, required: true } },
  { collection: 'storefront_order_sequences', versionKey: false },
);

/** `SF-000123`: a checkout's channel order id (the storefront has no order ids of its own). */
export function storefrontNumbers(connection: Connection): GeneratedNumbers {
  const model =
    connection.models.StorefrontOrderSequence ?? connection.model('StorefrontOrderSequence', sequenceSchema);
  return new GeneratedNumbers(model.collection, 'SF-');
}

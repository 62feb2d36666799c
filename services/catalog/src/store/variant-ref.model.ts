import { Schema, type Connection } from 'mongoose';

/** `_id` = variant id → its product: a variant found by id with two `_id` reads. */
const variantRefSchema = new Schema(
  {
    _id: { type: String },
    orgId: { type: String, required: true },
    productId: { type: String, required: true },
  },
  { collection: 'variant_refs', versionKey: false },
);

export const variantRefModel = (connection: Connection) => connection.model('VariantRef', variantRefSchema);
export type VariantRefModel = ReturnType<typeof variantRefModel>;

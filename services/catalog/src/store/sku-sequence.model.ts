import { Schema, type Connection } from 'mongoose';

/** `_id` = orgId: the organization's next generated SKU number, advanced by a version-guarded update. */
const skuSequenceSchema = new Schema(
  {
    _id: { type: String },
    next: { type: Number, required: true },
    version: { type: Number, required: true },
  },
  { collection: 'sku_sequences', versionKey: false },
);

export const skuSequenceModel = (connection: Connection) => connection.model('SkuSequence', skuSequenceSchema);
export type SkuSequenceModel = ReturnType<typeof skuSequenceModel>;

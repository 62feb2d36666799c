import { Schema, type Connection } from 'mongoose';

/** A supplier's SKU; `_id` is derived from the source and the SKU (domain/source-sku.ts). */
const sourceSkuSchema = new Schema(
  {
    _id: { type: String },
    orgId: { type: String, required: true },
    sourceChannelId: { type: String, required: true },
    sku: { type: String, required: true },
    name: { type: String, default: null },
    cost: { type: Number, default: null },
    availableQuantity: { type: Number, default: null },
    upc: { type: String, default: null },
    variantId: { type: String, default: null },
    productId: { type: String, default: null },
    preferred: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'source_skus', versionKey: false },
);
// A source's SKUs by SKU (the list, the import's scan), linked or not; a variant's offers.
sourceSkuSchema.index({ orgId: 1, sourceChannelId: 1, sku: 1 });
sourceSkuSchema.index({ orgId: 1, sourceChannelId: 1, variantId: 1, sku: 1 });
sourceSkuSchema.index({ orgId: 1, variantId: 1, preferred: 1 });

export const sourceSkuModel = (connection: Connection) => connection.model('SourceSku', sourceSkuSchema);
export type SourceSkuModel = ReturnType<typeof sourceSkuModel>;

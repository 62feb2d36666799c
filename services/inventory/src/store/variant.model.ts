import { Schema, type Connection } from 'mongoose';

/**
 * Local read model of the catalog's variants (id, SKU, name, product and categories), fed by
 * catalog events. `productId` and `categoryIds` are null until an event that carries them.
 */
const variantSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    variantId: { type: String, required: true },
    sku: { type: String, default: null },
    name: { type: String, default: null },
    productId: { type: String, default: null },
    categoryIds: { type: [String], default: null },
    deleted: { type: Boolean, default: false },
    sourceUpdatedAt: { type: Date, required: true },
    version: { type: Number, default: 1 },
  },
  { collection: 'variants', versionKey: false },
);
variantSchema.index({ orgId: 1, variantId: 1 }, { unique: true });
// The backfill of copies without a product (null and missing alike), paged by `_id` (store/variant.repository.ts).
variantSchema.index({ productId: 1, _id: 1 });
// The copies written since a groupings snapshot started (store/variant-groupings.ts).
variantSchema.index({ orgId: 1, updatedAt: 1 });

export const variantModel = (connection: Connection) => connection.model('Variant', variantSchema);
export type VariantModel = ReturnType<typeof variantModel>;

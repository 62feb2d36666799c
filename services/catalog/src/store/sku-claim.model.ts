import { Schema, type Connection } from 'mongoose';

/**
 * `_id` = `${orgId}:${SKU in upper case}`: a SKU is held by at most one product of an
 * organization, guarded by the unique `_id` insert (atomic on FerretDB too).
 */
const skuClaimSchema = new Schema(
  {
    _id: { type: String },
    orgId: { type: String, required: true },
    sku: { type: String, required: true },
    productId: { type: String, required: true },
  },
  { collection: 'sku_claims', versionKey: false, timestamps: true },
);
skuClaimSchema.index({ orgId: 1, productId: 1 });

export const skuClaimModel = (connection: Connection) => connection.model('SkuClaim', skuClaimSchema);
export type SkuClaimModel = ReturnType<typeof skuClaimModel>;

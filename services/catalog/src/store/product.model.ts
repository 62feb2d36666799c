import { outboxFields } from '@stockyard/service-kit';
import { Schema, type Connection } from 'mongoose';

/**
 * One document per product: its variants, bundle rows and BOMs inside it, so a product
 * change and its events are one write. The derived arrays (`skuKeys`, `barcodeKeys`,
 * `variantIds`) and `margin` exist for the indexes below; `componentVariantIds` is what
 * where-used checks on the candidates of the component-use index (store/component-uses.ts).
 */
const productSchema = new Schema(
  {
    _id: { type: String },
    orgId: { type: String, required: true },
    version: { type: Number, required: true },
    type: { type: String, required: true },
    name: { type: String, required: true },
    sku: { type: String, default: null },
    brandId: { type: String, default: null },
    categoryId: { type: String, default: null },
    price: { type: Number, default: null },
    cost: { type: Number, default: null },
    margin: { type: Number, default: null },
    archived: { type: Boolean, default: false },
    matched: { type: Boolean, default: false },
    enriched: { type: Boolean, default: false },
    deletedAt: { type: Date, default: null },
    parentId: { type: String, default: null },
    position: { type: Number, default: null },
    variants: { type: [Schema.Types.Mixed], default: [] },
    components: { type: [Schema.Types.Mixed], default: [] },
    boms: { type: [Schema.Types.Mixed], default: [] },
    skuKeys: { type: [String], default: [] },
    barcodeKeys: { type: [String], default: [] },
    variantIds: { type: [String], default: [] },
    componentVariantIds: { type: [String], default: [] },
    createdAt: { type: Date },
    updatedAt: { type: Date },
    ...outboxFields,
  },
  { collection: 'products', versionKey: false, strict: false },
);
// The list: live products, archived hidden unless asked, sorted by each sortBy; of a type, a
// brand or a category newest first (the default sort); the trash (README, "Lists").
for (const sort of ['createdAt', 'updatedAt', 'name', 'sku', 'price', 'margin']) {
  productSchema.index({ orgId: 1, deletedAt: 1, archived: 1, [sort]: 1, _id: 1 });
}
productSchema.index({ orgId: 1, deletedAt: 1, type: 1, archived: 1, createdAt: 1, _id: 1 });
productSchema.index({ orgId: 1, brandId: 1, deletedAt: 1, archived: 1, createdAt: 1, _id: 1 });
productSchema.index({ orgId: 1, categoryId: 1, deletedAt: 1, archived: 1, createdAt: 1, _id: 1 });
productSchema.index({ orgId: 1, deletedAt: 1, _id: 1 });
productSchema.index({ orgId: 1, skuKeys: 1 });
productSchema.index({ orgId: 1, barcodeKeys: 1 });
productSchema.index({ orgId: 1, variantIds: 1 });
productSchema.index({ orgId: 1, parentId: 1, position: 1 });

export const productModel = (connection: Connection) => connection.model('Product', productSchema);
export type ProductModel = ReturnType<typeof productModel>;

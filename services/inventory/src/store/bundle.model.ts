import { outboxFields } from '@stockyard/service-kit';
import { Schema, type Connection } from 'mongoose';

/** Read model of the catalog's bundles (`_id` = `orgId:productId`), with their computed availability. */
const bundleSchema = new Schema(
  {
    _id: { type: String },
    orgId: { type: String, required: true },
    productId: { type: String, required: true },
    version: { type: Number, required: true },
    variantIds: { type: [String], default: [] },
    components: { type: [Schema.Types.Mixed], default: [] },
    leaves: { type: [Schema.Types.Mixed], default: [] },
    leafIds: { type: [String], default: [] },
    available: { type: Number, default: 0 },
    sourceUpdatedAt: { type: String, default: '' },
    ...outboxFields,
  },
  { collection: 'bundle_compositions', versionKey: false, timestamps: true },
);
bundleSchema.index({ orgId: 1, variantIds: 1 });
bundleSchema.index({ orgId: 1, leafIds: 1 });
bundleSchema.index({ orgId: 1, 'components.variantId': 1 });

export const bundleModel = (connection: Connection) => connection.model('BundleComposition', bundleSchema);
export type BundleModel = ReturnType<typeof bundleModel>;

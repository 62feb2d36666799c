import { Schema, type Connection } from 'mongoose';
import { outboxFields } from '@stockyard/service-kit';

const categorySchema = new Schema(
  {
    _id: { type: String },
    orgId: { type: String, required: true },
    version: { type: Number, required: true },
    name: { type: String, required: true },
    nameKey: { type: String, required: true },
    parentId: { type: String, default: null },
    template: { type: Schema.Types.Mixed, default: null },
    templateVersion: { type: Number },
    /** `{status, productsChanged, finishedAt}` of the job settling the products on `templateVersion`. */
    enrichment: { type: Schema.Types.Mixed, default: null },
    ...outboxFields,
    createdAt: { type: Date },
    updatedAt: { type: Date },
  },
  { collection: 'categories', versionKey: false },
);
categorySchema.index({ orgId: 1, nameKey: 1 }, { unique: true });
categorySchema.index({ orgId: 1, parentId: 1 });

export const categoryModel = (connection: Connection) => connection.model('Category', categorySchema);
export type CategoryModel = ReturnType<typeof categoryModel>;

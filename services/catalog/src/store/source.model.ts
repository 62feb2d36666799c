import { outboxFields } from '@stockyard/service-kit';
import { Schema, type Connection } from 'mongoose';

const sourceSchema = new Schema(
  {
    _id: { type: String },
    orgId: { type: String, required: true },
    version: { type: Number, required: true },
    name: { type: String, required: true },
    email: { type: String, default: null },
    contactName: { type: String, default: null },
    phone: { type: String, default: null },
    address: { type: String, default: null },
    currency: { type: String, required: true },
    leadTimeDays: { type: Number, default: null },
    paymentTermsDays: { type: Number, default: null },
    active: { type: Boolean, default: true },
    deletedAt: { type: Date, default: null },
    createdAt: { type: Date },
    updatedAt: { type: Date },
    ...outboxFields,
  },
  { collection: 'sources', versionKey: false },
);
sourceSchema.index({ orgId: 1, deletedAt: 1, name: 1, _id: 1 });

export const sourceModel = (connection: Connection) => connection.model('Source', sourceSchema);
export type SourceModel = ReturnType<typeof sourceModel>;

import { outboxFields } from '@stockyard/service-kit';
import { Schema, type Connection } from 'mongoose';

const importJobSchema = new Schema(
  {
    _id: { type: String },
    orgId: { type: String, required: true },
    version: { type: Number, required: true },
    sourceChannelId: { type: String, required: true },
    status: { type: String, required: true },
    origin: { type: String, required: true },
    url: { type: String, default: null },
    chunks: { type: Number, default: 0 },
    bytes: { type: Number, default: 0 },
    counts: { type: Schema.Types.Mixed },
    rowsRead: { type: Number, default: 0 },
    rowErrors: { type: [Schema.Types.Mixed], default: [] },
    failure: { type: Schema.Types.Mixed, default: null },
    variantCostsChanged: { type: Number, default: 0 },
    pendingCosts: { type: [Schema.Types.Mixed], default: [] },
    pendingBatch: { type: Schema.Types.Mixed, default: null },
    leaseOwner: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    startedAt: { type: Date, default: null },
    finishedAt: { type: Date, default: null },
    createdAt: { type: Date },
    updatedAt: { type: Date },
    ...outboxFields,
  },
  { collection: 'import_jobs', versionKey: false },
);
// A source's imports, newest first; the sweep's open jobs whose lease ran out.
importJobSchema.index({ orgId: 1, sourceChannelId: 1, createdAt: -1, _id: -1 });
importJobSchema.index({ status: 1, leaseUntil: 1 });

export const importJobModel = (connection: Connection) => connection.model('ImportJob', importJobSchema);
export type ImportJobModel = ReturnType<typeof importJobModel>;

import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { outboxFields } from '@stockyard/service-kit';

const exportJobSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    version: { type: Number, required: true },
    resource: { type: String, required: true },
    format: { type: String, required: true },
    filters: { type: Schema.Types.Mixed, default: {} },
    fields: { type: Schema.Types.Mixed, default: null },
    status: { type: String, required: true },
    requestedBy: { type: Schema.Types.Mixed, required: true },
    rowsWritten: { type: Number, default: 0 },
    bytesWritten: { type: Number, default: 0 },
    attempt: { type: Number, default: 0 },
    objectKey: { type: String, default: null },
    failureCode: { type: String, default: null },
    leaseOwner: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    startedAt: { type: Date, default: null },
    finishedAt: { type: Date, default: null },
    expiredAt: { type: Date, default: null },
    createdAt: { type: Date },
    updatedAt: { type: Date },
    ...outboxFields,
  },
  { collection: 'export_jobs', versionKey: false },
);
// GET /exports, newest first: unfiltered, by status, by resource, by both.
exportJobSchema.index({ orgId: 1, createdAt: -1, _id: -1 });
exportJobSchema.index({ orgId: 1, status: 1, createdAt: -1, _id: -1 });
exportJobSchema.index({ orgId: 1, resource: 1, createdAt: -1, _id: -1 });
exportJobSchema.index({ orgId: 1, resource: 1, status: 1, createdAt: -1, _id: -1 });
// The workers' claims, of every organization: queued jobs, and running ones whose lease ran out.
exportJobSchema.index({ status: 1, leaseUntil: 1, createdAt: 1 });
// The expiry sweep, of every organization: completed jobs that finished before the keep time's cutoff.
exportJobSchema.index({ status: 1, finishedAt: 1 });

type ExportJobDoc = InferSchemaType<typeof exportJobSchema>;

export const exportJobModel = (connection: Connection): Model<ExportJobDoc> =>
  connection.models.ExportJob ?? connection.model<ExportJobDoc>('ExportJob', exportJobSchema);
export type ExportJobModel = ReturnType<typeof exportJobModel>;

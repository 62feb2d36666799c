import { Schema, type Connection, type Model } from 'mongoose';

/** An entry as stored (domain/audit-entry.ts): the event id is the document id, so a copy finds it. */
export interface AuditEntryDoc {
  _id: string;
  orgId: string;
  sequence: number;
  previousHash: string;
  hash: string;
  content: string;
  recordedAt: Date;
  resourceType: string | string[] | null;
  resourceId: string | string[] | null;
  actorKeyId: string | null;
  route: string | null;
  status: number | null;
}

const auditEntrySchema = new Schema<AuditEntryDoc>(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    sequence: { type: Number, required: true },
    previousHash: { type: String, required: true },
    hash: { type: String, required: true },
    content: { type: String, required: true },
    recordedAt: { type: Date, required: true },
    resourceType: { type: Schema.Types.Mixed, default: null },
    resourceId: { type: Schema.Types.Mixed, default: null },
    actorKeyId: { type: String, default: null },
    route: { type: String, default: null },
    status: { type: Number, default: null },
  },
  { collection: 'audit_events', versionKey: false },
);
// The chain: one entry per place, its tail (the newest) first, and the unfiltered list.
auditEntrySchema.index({ orgId: 1, sequence: -1 }, { unique: true });
// One index per filter, each ending on the list's order, so a page reads about a page.
auditEntrySchema.index({ orgId: 1, resourceType: 1, sequence: -1 });
auditEntrySchema.index({ orgId: 1, resourceId: 1, sequence: -1 });
auditEntrySchema.index({ orgId: 1, actorKeyId: 1, sequence: -1 });
auditEntrySchema.index({ orgId: 1, route: 1, sequence: -1 });
auditEntrySchema.index({ orgId: 1, status: 1, sequence: -1 });
// A time range's first and last sequence.
auditEntrySchema.index({ orgId: 1, recordedAt: 1, sequence: 1 });

export const auditEntryModel = (connection: Connection): Model<AuditEntryDoc> =>
  connection.models.AuditEntry ?? connection.model<AuditEntryDoc>('AuditEntry', auditEntrySchema);

import { Schema, type Connection, type Model } from 'mongoose';

/** An organization's chain anchor (domain/audit-retention.ts), one document per organization. */
export interface AuditChainAnchorDoc {
  /** The organization's id. */
  _id: string;
  startsFrom: string;
  firstSequence: number;
  removedThrough: Date;
  updatedAt: Date;
}

const auditChainAnchorSchema = new Schema<AuditChainAnchorDoc>(
  {
    _id: { type: String, required: true },
    startsFrom: { type: String, required: true },
    firstSequence: { type: Number, required: true },
    removedThrough: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'audit_chain_anchors', versionKey: false },
);

export const auditChainAnchorModel = (connection: Connection): Model<AuditChainAnchorDoc> =>
  connection.models.AuditChainAnchor ??
  connection.model<AuditChainAnchorDoc>('AuditChainAnchor', auditChainAnchorSchema);

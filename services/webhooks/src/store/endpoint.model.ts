import { Schema, type Connection, type Model } from 'mongoose';
import { outboxFields } from '@stockyard/service-kit';
import type { SealedSecret } from '../secrets/secret-box';

/** The stored shape: the endpoint id is the document id, so lookups need no second index. */
export interface EndpointDoc {
  _id: string;
  orgId: string;
  url: string;
  events: string[];
  enabled: boolean;
  consecutiveFailures: number;
  disabledAt: Date | null;
  /** Set as it is deleted (see commands/endpoint-removal.ts). */
  deletedAt?: Date | null;
  /** Encrypted (AES-256-GCM) with the key `keyId` names; never the plaintext. */
  secret: SealedSecret;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  /** Audit records of its writes until the relay sent them. */
  outbox?: { id: string; body: string; trace?: string }[];
  outboxPending?: boolean;
  outboxAt?: Date;
}

const endpointSchema = new Schema<EndpointDoc>(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    url: { type: String, required: true },
    events: { type: [String], required: true },
    enabled: { type: Boolean, required: true },
    consecutiveFailures: { type: Number, required: true, default: 0 },
    disabledAt: { type: Date, default: null },
    deletedAt: { type: Date },
    secret: {
      type: new Schema(
        { keyId: { type: String, required: true }, ciphertext: { type: String, required: true } },
        { _id: false },
      ),
      required: true,
    },
    version: { type: Number, required: true, default: 0 },
    ...outboxFields,
  },
  { collection: 'webhook_endpoints', timestamps: true, versionKey: false },
);
// Listing (newest first) and the dispatcher's "enabled endpoints of this org" query.
endpointSchema.index({ orgId: 1, createdAt: -1 });
endpointSchema.index({ orgId: 1, enabled: 1 });

export const endpointModel = (connection: Connection): Model<EndpointDoc> =>
  connection.models.WebhookEndpoint ?? connection.model<EndpointDoc>('WebhookEndpoint', endpointSchema);

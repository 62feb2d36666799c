import { Schema, type Connection } from 'mongoose';
import { INVOICE_WORKFLOWS, ROLES } from '@stockyard/contracts';
import { outboxFields } from '@stockyard/service-kit';

const organizationSchema = new Schema(
  {
    _id: String,
    /** Its own id again: the kit's store reads an aggregate by `_id` and checks its `orgId`. */
    orgId: { type: String },
    name: { type: String, required: true },
    settings: {
      invoiceWorkflow: { type: String, enum: INVOICE_WORKFLOWS, default: 'simple' },
    },
    settingsUpdatedAt: { type: Date, default: null },
    /** Its changes' audit records, until the relay has published them. */
    ...outboxFields,
  },
  { collection: 'organizations', timestamps: true, versionKey: false },
);

const apiKeySchema = new Schema(
  {
    _id: String, // the public key id
    orgId: { type: String, required: true, index: true },
    type: { type: String, enum: ['admin', 'storefront'], required: true },
    name: { type: String, required: true },
    displayPrefix: { type: String, required: true },
    role: { type: String, enum: ROLES, required: true },
    scopes: { type: [String], default: [] },
    channelId: { type: String, default: null },
    /** scrypt-kdf output, base64: the plaintext is never stored. */
    hash: { type: String, required: true },
    expiresAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
    /** Its changes' audit records, until the relay has published them. */
    ...outboxFields,
  },
  { collection: 'api_keys', timestamps: true, versionKey: false },
);

/**
 * lastUsedAt lives in its own collection, written only by the batched usage flush, so
 * that flush can never race a revocation on the key document (stock FerretDB applied updates
 * as an unisolated read-modify-write, where a concurrent $set could resurrect a revoked key;
 * our build isolates them, and the split still keeps the hot usage writes off the key).
 */
const apiKeyUsageSchema = new Schema(
  {
    _id: String, // the key id
    orgId: { type: String, required: true, index: true },
    lastUsedAt: { type: Date, required: true },
  },
  { collection: 'api_key_usage', versionKey: false },
);

export const organizationModel = (c: Connection) => c.model('Organization', organizationSchema);
export const apiKeyModel = (c: Connection) => c.model('ApiKey', apiKeySchema);
export const apiKeyUsageModel = (c: Connection) => c.model('ApiKeyUsage', apiKeyUsageSchema);
export type ApiKeyModel = ReturnType<typeof apiKeyModel>;
export type ApiKeyUsageModel = ReturnType<typeof apiKeyUsageModel>;
export type OrganizationModel = ReturnType<typeof organizationModel>;

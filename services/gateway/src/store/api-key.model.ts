import { Schema, type Connection } from 'mongoose';
import { ROLES } from '@stockyard/contracts';

const organizationSchema = new Schema(
  { _id: String, name: { type: String, required: true } },
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
    lastUsedAt: { type: Date, default: null },
  },
  { collection: 'api_keys', timestamps: true, versionKey: false },
);

export const organizationModel = (c: Connection) => c.model('Organization', organizationSchema);
export const apiKeyModel = (c: Connection) => c.model('ApiKey', apiKeySchema);
export type ApiKeyModel = ReturnType<typeof apiKeyModel>;
export type OrganizationModel = ReturnType<typeof organizationModel>;

import { Schema, type Connection } from 'mongoose';
import { COSTING_METHODS } from '@stockyard/contracts';
import { outboxFields } from '@stockyard/service-kit';

/**
 * The organization's inventory settings (`inventory_settings`): one document per organization,
 * `_id` its id, written only when a setting moves (none: the defaults). Its writes carry their
 * audit record in the outbox.
 */
const inventorySettingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    costingMethod: { type: String, enum: COSTING_METHODS, required: true },
    currency: { type: String, required: true },
    version: { type: Number, default: 0 },
    ...outboxFields,
  },
  { collection: 'inventory_settings', timestamps: true, versionKey: false },
);

export const inventorySettingsModel = (connection: Connection) =>
  connection.model('InventorySettings', inventorySettingsSchema);
export type InventorySettingsModel = ReturnType<typeof inventorySettingsModel>;

import { outboxFields } from '@stockyard/service-kit';
import { Schema, type Connection } from 'mongoose';

const channelSchema = new Schema(
  {
    _id: { type: String },
    orgId: { type: String, required: true },
    version: { type: Number, required: true },
    name: { type: String, required: true },
    platform: { type: String, required: true },
    warehouseId: { type: String, default: null },
    feedUrl: { type: String, default: null },
    feedSecret: { type: String, default: null },
    active: { type: Boolean, default: true },
    feedSync: { type: Schema.Types.Mixed, default: null },
    deletedAt: { type: Date, default: null },
    createdAt: { type: Date },
    updatedAt: { type: Date },
    ...outboxFields,
  },
  { collection: 'channels', versionKey: false },
);
// The list: live channels (or all), optionally of one platform, oldest first.
channelSchema.index({ orgId: 1, deletedAt: 1, createdAt: 1, _id: 1 });
channelSchema.index({ orgId: 1, platform: 1, deletedAt: 1, createdAt: 1, _id: 1 });
// The orders service's feed poller: every organization's live HTTP_FEED channels, by id.
channelSchema.index({ platform: 1, deletedAt: 1, _id: 1 });

export const channelModel = (connection: Connection) => connection.model('Channel', channelSchema);
export type ChannelModel = ReturnType<typeof channelModel>;

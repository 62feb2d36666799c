import { AggregateStore } from '@stockyard/service-kit';
import { Schema, type Connection } from 'mongoose';
import { newFeedState, type FeedState } from '../domain/feed-state';

const feedStateSchema = new Schema(
  {
    _id: { type: String },
    orgId: { type: String, required: true },
    leaseOwner: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    updatedAfter: { type: String, default: null },
    cursor: { type: String, default: null },
    seenUpTo: { type: String, default: null },
    lastSyncAt: { type: Date, default: null },
    lastSuccessAt: { type: Date, default: null },
    lastError: { type: String, default: null },
    failures: { type: Number, default: 0 },
    nextAttemptAt: { type: Date, default: null },
    version: Number,
    createdAt: Date,
    updatedAt: Date,
  },
  { collection: 'feed_states', versionKey: false },
);

/**
 * Feed channels' polling records, by channel id: every claim, checkpoint and finish goes through
 * the kit's store (the version guard makes one claim win across replicas); a channel polled for
 * the first time starts from `newFeedState`. Read by id only.
 */
export const feedStateStore = (connection: Connection) =>
  new AggregateStore<FeedState>(
    connection.models.FeedState ?? connection.model('FeedState', feedStateSchema),
    undefined,
    {
      name: 'Feed state',
      initial: newFeedState,
    },
  );
export type FeedStateStore = ReturnType<typeof feedStateStore>;

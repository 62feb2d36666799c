import { Schema, type Connection } from 'mongoose';

/**
 * An organization's newest aging snapshot (`stock_aging_heads`, one row per organization,
 * aging-snapshots.ts): when it started, its generation, how many shards it has, and its totals (the
 * stock on hand then by warehouse and day of receipt, packed).
 */
const agingHeadSchema = new Schema(
  {
    _id: { type: String, required: true },
    generation: { type: String, required: true },
    startedAt: { type: Date, required: true },
    shards: { type: Number, required: true },
    totals: { type: String, required: true },
  },
  { collection: 'stock_aging_heads', versionKey: false },
);

/**
 * A snapshot's levels (`stock_aging_shards`), a shard of them a row by a hash of the variant id:
 * each level's version and age rows, packed. A report reads the shards of the levels changed since.
 */
const agingShardSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    generation: { type: String, required: true },
    startedAt: { type: Date, required: true },
    shard: { type: Number, required: true },
    levels: { type: String, required: true },
  },
  { collection: 'stock_aging_shards', versionKey: false },
);
// Older snapshots' shards are removed by `{orgId, startedAt: {$lte}}`.
agingShardSchema.index({ orgId: 1, startedAt: 1 });

/** The aging snapshots' collections on a connection. */
export const agingSnapshotModels = (connection: Connection) => ({
  heads: connection.model('StockAgingHead', agingHeadSchema),
  shards: connection.model('StockAgingShard', agingShardSchema),
});
export type AgingSnapshotModels = ReturnType<typeof agingSnapshotModels>;

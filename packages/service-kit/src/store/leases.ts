import type { Collection } from 'mongoose';
import { isDuplicateKeyError } from '../db/mongo';

/** A lease as stored: one document per name. */
interface LeaseDoc {
  _id: string;
  owner: string;
  until: Date;
}

/**
 * Named, time-bounded leases shared by a service's replicas (one feed poller per channel, one
 * sweeper per queue): one document per name (`_id` name, `owner`, `until`). A replica holds a
 * name while `until` is ahead; it renews by taking it again before then, and another replica
 * takes it only once it has run out, so a replica that dies hands its work over after at most
 * one lease. Taking is a single conditional update (upsert on a first take; a duplicate key
 * there means another replica took it first), so two replicas never both hold a name.
 */
export class Leases {
  constructor(
    private readonly collection: Collection,
    /** This process: what the lease documents name as their owner. */
    readonly owner: string,
  ) {}

  /** Takes or renews `name` for `ttlMs`; false while another owner holds it. */
  async take(name: string, ttlMs: number, now = new Date()): Promise<boolean> {
    const until = new Date(now.getTime() + ttlMs);
    try {
      const res = await this.collection.updateOne(
        { _id: name, $or: [{ owner: this.owner }, { until: { $lte: now } }] } as never,
        { $set: { owner: this.owner, until } },
        { upsert: true },
      );
      return res.matchedCount + res.upsertedCount === 1;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false; // held by another: the filter missed, the insert collided
      throw err;
    }
  }

  /** Gives `name` up at once if this process holds it, so another replica need not wait it out. */
  async release(name: string): Promise<void> {
    await this.collection.deleteOne({ _id: name, owner: this.owner } as never);
  }

  /** Who holds `name` now, if anyone (for status pages and tests). */
  async holder(name: string, now = new Date()): Promise<string | null> {
    const doc = (await this.collection.findOne({ _id: name } as never)) as LeaseDoc | null;
    return doc && doc.until > now ? doc.owner : null;
  }
}

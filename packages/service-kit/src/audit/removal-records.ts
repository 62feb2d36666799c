import type { EventEnvelope } from '@stockyard/contracts';
import type { Collection, Connection } from 'mongoose';
import { documentKey, documentLocks } from '../db/document-lock';
import type { OutboxRelay } from '../events/outbox-relay';

/** How old an intent must be before a later removal settles it (its own removal has ended by then). */
const SETTLE_AFTER_MS = 60 * 1000;
/** A sent record stays this long, then a later removal tidies it away. */
const KEEP_MS = 60 * 60 * 1000;
const TIDY_EVERY_MS = 10 * 60 * 1000;

interface Intent {
  _id: string;
  events: EventEnvelope[];
  target: { collection: string; _id: string };
  at: Date;
}

/**
 * The records of removals (`audit_removals`): a deleted document cannot carry its own record in
 * its outbox, nor keep the events its outbox still held, so a removal is recorded in three steps.
 * The record is written first as an intent the relay does not see, the document is deleted, and
 * only then does the record get its outbox (or go, when nothing was deleted). A process that died
 * between two steps leaves an intent, settled by a later removal in any process of the service:
 * sent when its document is gone, dropped when it is still there. So the trail holds a removal if
 * and only if it happened.
 */
export class RemovalRecords {
  private readonly collection: Collection;
  private tidiedAt = 0;

  constructor(
    private readonly connection: Connection,
    private readonly relay: OutboxRelay,
  ) {
    this.collection = connection.collection('audit_removals');
    relay.addSource(this.collection);
  }

  /**
   * Runs `remove` (true: it deleted `target`) with `events` sent if and only if it did: the removal's
   * record, after the events the document still held in its outbox.
   */
  async removing(events: EventEnvelope[], target: Intent['target'], remove: () => Promise<boolean>): Promise<boolean> {
    const _id = events[events.length - 1]!.id;
    await this.collection.insertOne({ _id, events, target, at: new Date() } as never);
    const removed = await remove();
    await this.settle(_id, events, removed);
    void this.tidy().catch(() => (this.tidiedAt = 0)); // housekeeping: the next removal tries again
    return removed;
  }

  /** Gives the intent its outbox (the relay sends it) or drops it. */
  private async settle(_id: string, events: EventEnvelope[], removed: boolean): Promise<void> {
    if (!removed) {
      await this.collection.deleteOne({ _id } as never);
      return;
    }
    await documentLocks.run(documentKey(this.collection.collectionName, _id), async () => {
      const outbox = this.relay.prepareInsert(this.collection, _id, events);
      await this.collection.updateOne({ _id } as never, { $set: outbox.fields, $unset: { events: 1, target: 1 } });
      outbox.settle(true);
    });
    this.relay.kick(this.collection, _id, events);
  }

  /** Settles intents a dead process left, and removes sent records past their time; at most every few minutes. */
  private async tidy(): Promise<void> {
    const now = Date.now();
    if (now - this.tidiedAt < TIDY_EVERY_MS) return;
    this.tidiedAt = now;
    const left = (await this.collection
      .find({ target: { $exists: true }, at: { $lt: new Date(now - SETTLE_AFTER_MS) } })
      .toArray()) as unknown as Intent[];
    for (const intent of left) {
      const target = this.connection.collection(intent.target.collection);
      const stillThere = (await target.countDocuments({ _id: intent.target._id } as never, { limit: 1 })) > 0;
      await this.settle(intent._id, intent.events, !stillThere);
    }
    await this.collection.deleteMany({
      target: { $exists: false },
      at: { $lt: new Date(now - KEEP_MS) },
      outboxPending: { $ne: true },
    });
  }
}

import type { StockMovement } from '@stockyard/contracts';
import { idempotencyInProgress, InsertBatcher, RecentWork } from '@stockyard/service-kit';
import type { mongo } from 'mongoose';
import type { MovementDoc, MovementModel } from './movement.model';
import { toMovement } from './movement.repository';

/** Ledger rows this process wrote lately, by movement id, for the ledger event's handler to skip. */
const RECENT_MOVEMENTS = 20_000;

/**
 * The ledger's writes. Movement ids are fixed before the change, so writing a row twice
 * (a replayed request, the ledger event after the request path wrote it) inserts nothing.
 */
export class Ledger {
  /** Rows written together go out as one insertMany (one commit on FerretDB's SQLite). */
  private readonly inserts: InsertBatcher<mongo.Document>;
  /** The inserts of rows this process made lately, by movement id. */
  private readonly recent = new RecentWork(RECENT_MOVEMENTS);

  constructor(private readonly movements: MovementModel) {
    this.inserts = new InsertBatcher(movements.collection as unknown as mongo.Collection<mongo.Document>);
  }

  /**
   * Movements by id, in that order: a keyed write's run after a crash answers them. One not in
   * the ledger yet (its event still on the way) is a 409 to retry.
   */
  async read(orgId: string, ids: readonly string[]): Promise<StockMovement[]> {
    const docs = await this.movements.collection.find({ _id: { $in: [...ids] }, orgId } as never).toArray();
    const byId = new Map(docs.map((doc) => [String(doc._id), toMovement(doc as unknown as MovementDoc)]));
    return ids.map((id) => byId.get(id) ?? throwNotYet());
  }

  async recordMovements(orgId: string, movements: StockMovement[]): Promise<void> {
    await Promise.all(movements.map((movement) => this.recordMovement(orgId, movement)));
  }

  async recordMovement(orgId: string, movement: StockMovement): Promise<void> {
    await this.recent.run(movement.id, () => this.inserts.insert(rowOf(orgId, movement)));
  }

  /**
   * The ledger event's write (the outbox relay's local handler, or the consumer of copies
   * older replicas published): the row, unless this process has just written it. Every
   * change's movements come back this way, and inserting them again would be a duplicate
   * in the same group commit as new rows, which FerretDB answers by retrying the whole
   * batch one document at a time. After a crash nothing is remembered and the row is
   * written (or found) as before.
   */
  async recordMovementIfNew(orgId: string, movement: StockMovement): Promise<void> {
    await this.recent.runIfNew(movement.id, () => this.inserts.insert(rowOf(orgId, movement)));
  }
}

const throwNotYet = (): never => {
  throw idempotencyInProgress();
};

const rowOf = (orgId: string, movement: StockMovement): MovementDoc => ({
  ...movement,
  _id: movement.id,
  orgId,
  createdAt: new Date(movement.createdAt),
});

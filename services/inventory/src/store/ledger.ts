import { parseEvent, type EventEnvelope, type StockMovement } from '@stockyard/contracts';
import { type Projection } from '@stockyard/service-kit';
import { idempotencyInProgress } from '@stockyard/service-kit/http';
import { InsertBatcher } from '@stockyard/service-kit/store';
import type { mongo } from 'mongoose';
import { MOVEMENT_RECORDED } from '../domain/level-change';
import type { StockLevel } from '../domain/stock-level';
import type { MovementDoc, MovementModel } from './movement.model';
import { toMovement } from './movement.repository';

/**
 * The movement ledger (`stock_movements`), a projection of the level store: each movement rides
 * on its level's write as `stock.movement_recorded`, which the decision itself emits (so the store
 * has nothing to add), applied before the change answers and again by the relay from the level's
 * outbox, a no-op unless the process died in between. Movement ids are fixed before the change,
 * so a row written twice (a replayed request, an older replica's copy) inserts nothing.
 */
export class Ledger implements Projection<StockLevel> {
  readonly event = MOVEMENT_RECORDED;
  /** Rows written together go out as one insertMany (one commit on FerretDB's SQLite). */
  private readonly inserts: InsertBatcher<mongo.Document>;

  constructor(private readonly movements: MovementModel) {
    this.inserts = new InsertBatcher(movements.collection);
  }

  /** The decision's own events carry the movements. */
  updatesFor(): Record<string, unknown>[] {
    return [];
  }

  /** The events' rows in one insertMany (with other changes' rows of the moment); rows there already are skipped. */
  async apply(updates: readonly EventEnvelope[]): Promise<void> {
    await this.inserts.insertAll(
      updates.map((event) => {
        const { orgId, payload } = parseEvent(event, [MOVEMENT_RECORDED]);
        return rowOf(orgId, payload.movement);
      }),
    );
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
}

const throwNotYet = (): never => {
  throw idempotencyInProgress();
};

/** A movement as the ledger stores it (bench:reports seeds its movements with it). */
export const rowOf = (orgId: string, movement: StockMovement): MovementDoc => ({
  ...movement,
  _id: movement.id,
  orgId,
  createdAt: new Date(movement.createdAt),
});

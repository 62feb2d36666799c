import { setTimeout as sleep } from 'node:timers/promises';
import type { EventEnvelope, StockMovement } from '@stockyard/contracts';
import { AppError, documentKey, documentLocks, isDuplicateKeyError, outboxOf, withEvents } from '@stockyard/service-kit';
import type { StockLevel, StockLocation } from '../domain/stock-level';
import type { StockLevelModel } from './stock-level.model';
import type { MovementModel } from './movement.model';

const MAX_ATTEMPTS = 100;

export interface LevelChange {
  locations: StockLocation[];
  events: EventEnvelope[];
}

/**
 * Stock levels change by optimistic concurrency on the variant's one document: read
 * it, let the domain compute the new locations and events, write both in one update
 * guarded by the version read. A lost race (another replica) re-reads and recomputes;
 * within a process the document lock orders the writers (see KeyedMutex for why).
 */
export class StockRepository {
  constructor(
    private readonly levels: StockLevelModel,
    private readonly movements: MovementModel,
  ) {}

  change(orgId: string, variantId: string, compute: (level: StockLevel) => LevelChange): Promise<StockLevel> {
    const _id = `${orgId}:${variantId}`;
    return documentLocks.run(documentKey(this.levels.collection.collectionName, _id), () => this.changeOnce(_id, orgId, variantId, compute));
  }

  private async changeOnce(_id: string, orgId: string, variantId: string, compute: (level: StockLevel) => LevelChange): Promise<StockLevel> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const found = await this.levels.findById(_id, { outbox: 0 }).lean<StockLevel>();
      const level: StockLevel = found ?? { orgId, variantId, locations: [], reserved: 0, version: 0 };
      const { locations, events } = compute(level);
      if (await this.write(_id, level, locations, events, found === null)) {
        return { ...level, locations, version: level.version + 1 };
      }
      await sleep(Math.random() * Math.min(50, 2 * attempt));
    }
    throw new AppError('unavailable', 'Stock level is too busy; retry', 'contention', undefined, { 'Retry-After': '1' });
  }

  private async write(_id: string, level: StockLevel, locations: StockLocation[], events: EventEnvelope[], isNew: boolean) {
    if (isNew) {
      try {
        await this.levels.collection.insertOne(
          { _id, orgId: level.orgId, variantId: level.variantId, locations, reserved: 0, version: 1, createdAt: new Date(), updatedAt: new Date(), ...outboxOf(events) } as never,
        );
        return true;
      } catch (err) {
        if (isDuplicateKeyError(err)) return false;
        throw err;
      }
    }
    const result = await this.levels.collection.updateOne(
      { _id: _id as never, version: level.version },
      withEvents({ $set: { locations, updatedAt: new Date() }, $inc: { version: 1 } }, events),
    );
    return result.modifiedCount === 1;
  }

  /** Idempotent: the movement id is fixed before the change, so a replay is a no-op. */
  async recordMovement(orgId: string, movement: StockMovement): Promise<void> {
    try {
      await this.movements.collection.insertOne({ ...movement, _id: movement.id as never, orgId, createdAt: new Date(movement.createdAt) } as never);
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
}

import { setTimeout as sleep } from 'node:timers/promises';
import type { StockMovement } from '@stockyard/contracts';
import {
  AppError,
  documentKey,
  documentLocks,
  InsertBatcher,
  isDuplicateKeyError,
  RecentMap,
  type OutboxRelay,
} from '@stockyard/service-kit';
import type { mongo } from 'mongoose';
import type { LevelChange, LevelFields } from '../domain/level-change';
import type { StockLevel } from '../domain/stock-level';
import type { StockLevelModel } from './stock-level.model';
import type { MovementModel } from './movement.model';

export type { LevelChange } from '../domain/level-change';

const MAX_ATTEMPTS = 100;
/** Levels this process remembers (the most recently used), so a change usually skips its read. */
const KNOWN_LEVELS = 20_000;
/** Ledger rows this process wrote lately, by movement id, for the ledger consumer to skip. */
const RECENT_MOVEMENTS = 20_000;
const FIELDS = ['locations', 'reserved', 'reservations', 'primaryBins', 'operations'] as const;
const READ = { outbox: 0, outboxPending: 0, createdAt: 0, updatedAt: 0 } as const;

/** A level document without its outbox and timestamps (left out in code, see `byId`). */
function asLevel(
  doc: (StockLevel & { outbox?: unknown; outboxPending?: unknown; createdAt?: unknown; updatedAt?: unknown }) | null,
): StockLevel | null {
  if (!doc) return null;
  const { outbox: _o, outboxPending: _p, createdAt: _c, updatedAt: _u, ...level } = doc;
  return level;
}

const fieldsOf = (change: LevelChange): LevelFields =>
  Object.fromEntries(FIELDS.filter((f) => change[f] !== undefined).map((f) => [f, change[f]]));

/**
 * Stock levels change by optimistic concurrency on the variant's one document: read
 * it, let the domain compute the new fields and events, write both in one update
 * guarded by the version read. A lost race (another replica) re-reads and recomputes;
 * within a process the document lock orders the writers (see KeyedMutex for why).
 *
 * The level each write produced is remembered, so the next change of the variant starts
 * from it instead of reading the document again. That is safe because the write is
 * still guarded by the version: if another replica wrote in between, the guard fails,
 * the remembered level is dropped and the document is read. Levels are immutable values
 * (the domain returns new objects), so a remembered one is never changed in place.
 *
 * A write's events ride on it through the outbox relay's `prepareWrite`, so the entries
 * the relay has published leave with the variant's next write instead of costing a write
 * of their own. The caller kicks the relay once the change is made (`StockCommands`).
 */
export class StockRepository {
  /** Ledger rows written together go out as one insertMany (one commit on FerretDB's SQLite). */
  private readonly movementInserts: InsertBatcher<mongo.Document>;
  /** The level each variant's last write produced, by document id. */
  private readonly known = new RecentMap<string, StockLevel>(KNOWN_LEVELS);
  /** The inserts of ledger rows this process made lately, by movement id. */
  private readonly recentMovements = new RecentMap<string, Promise<unknown>>(RECENT_MOVEMENTS);

  constructor(
    private readonly levels: StockLevelModel,
    private readonly movements: MovementModel,
    private readonly relay: OutboxRelay,
  ) {
    this.movementInserts = new InsertBatcher(this.movements.collection as unknown as mongo.Collection<mongo.Document>);
  }

  /** The collection and id of a variant's document, for the outbox relay. */
  documentOf(orgId: string, variantId: string) {
    return { collection: this.levels.collection, _id: `${orgId}:${variantId}` };
  }

  change(orgId: string, variantId: string, compute: (level: StockLevel) => LevelChange): Promise<StockLevel> {
    const _id = `${orgId}:${variantId}`;
    return documentLocks.run(documentKey(this.levels.collection.collectionName, _id), () =>
      this.changeOnce(_id, orgId, variantId, compute),
    );
  }

  private async changeOnce(
    _id: string,
    orgId: string,
    variantId: string,
    compute: (level: StockLevel) => LevelChange,
  ): Promise<StockLevel> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const found = this.known.get(_id) ?? (await this.byId(_id));
      const level: StockLevel = found ?? { orgId, variantId, locations: [], reserved: 0, version: 0 };
      const change = compute(level);
      const fields = fieldsOf(change);
      // Nothing to write (a replayed operation, an empty count): no version bump, no events.
      if (Object.keys(fields).length === 0 && change.events.length === 0) return this.remember(_id, level);
      if (await this.write(_id, level, fields, change, found === null)) {
        return this.remember(_id, { ...level, ...fields, version: level.version + 1 });
      }
      this.known.delete(_id); // another replica wrote it: read it afresh
      await sleep(Math.random() * Math.min(50, 2 * attempt));
    }
    throw new AppError('unavailable', 'Stock level is too busy; retry', 'contention', undefined, {
      'Retry-After': '1',
    });
  }

  private remember(_id: string, level: StockLevel): StockLevel {
    if (level.version > 0) this.known.set(_id, level); // version 0: not stored yet
    return level;
  }

  private async write(_id: string, level: StockLevel, fields: LevelFields, { events }: LevelChange, isNew: boolean) {
    const now = new Date();
    const collection = this.levels.collection;
    if (isNew) {
      const doc = {
        _id,
        orgId: level.orgId,
        variantId: level.variantId,
        locations: [],
        reserved: 0,
        ...fields,
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
      const insert = events.length ? this.relay.prepareInsert(collection, _id, events) : undefined;
      try {
        await collection.insertOne((insert ? { ...doc, ...insert.fields } : doc) as never);
      } catch (err) {
        if (isDuplicateKeyError(err)) return false;
        throw err;
      }
      insert?.settle(true);
      return true;
    }
    const update = { $set: { ...fields, updatedAt: now }, $inc: { version: 1 } };
    const guard = { _id: _id as never, version: level.version };
    if (events.length === 0) return (await collection.updateOne(guard, update)).modifiedCount === 1;
    const write = this.relay.prepareWrite(collection, _id, update, events);
    const applied = (await collection.updateOne({ ...guard, ...write.filter }, write.update)).modifiedCount === 1;
    write.settle(applied);
    return applied;
  }

  find(orgId: string, variantId: string): Promise<StockLevel | null> {
    return this.byId(`${orgId}:${variantId}`);
  }

  /** By _id without a projection: FerretDB answers that from its index, and with a projection reads the collection. */
  private async byId(_id: string): Promise<StockLevel | null> {
    return asLevel(await this.levels.findById(_id).lean<StockLevel>());
  }

  /** Levels with any location (even empty) in the warehouse. */
  inWarehouse(orgId: string, warehouseId: string): Promise<StockLevel[]> {
    return this.levels
      .find({ orgId, 'locations.warehouseId': warehouseId }, { ...READ, operations: 0 })
      .lean<StockLevel[]>();
  }

  withBin(orgId: string, binId: string): Promise<StockLevel[]> {
    return this.levels.find({ orgId, 'locations.binId': binId }, { ...READ, operations: 0 }).lean<StockLevel[]>();
  }

  /** Idempotent: movement ids are fixed before the change, so a replay is a no-op. */
  async recordMovements(orgId: string, movements: StockMovement[]): Promise<void> {
    await Promise.all(movements.map((movement) => this.recordMovement(orgId, movement)));
  }

  /** A row already there (a replayed request) is left as it is. */
  async recordMovement(orgId: string, movement: StockMovement): Promise<void> {
    const insert = this.movementInserts.insert({
      ...movement,
      _id: movement.id,
      orgId,
      createdAt: new Date(movement.createdAt),
    });
    this.recentMovements.set(movement.id, insert);
    await insert;
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
    const recent = this.recentMovements.get(movement.id);
    if (
      recent &&
      (await recent.then(
        () => true,
        () => false,
      ))
    )
      return;
    await this.recordMovement(orgId, movement);
  }
}

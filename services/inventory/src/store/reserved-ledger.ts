import type { EventEnvelope } from '@stockyard/contracts';
import type { Projection } from '@stockyard/service-kit';
import { InsertBatcher } from '@stockyard/service-kit/store';
import { Schema, type Connection, type mongo } from 'mongoose';
import { reservedAsOf, reservedChanges, type ReservedChange, type ReservedRow } from '../domain/reserved-history';
import type { StockLevel } from '../domain/stock-level';
import { inventoryPasses, OncePerDatabase } from './pass-checkpoints';
import type { StockLevelModel } from './stock-level.model';

/** The local event a level's write carries its warehouses' new reserved quantities on (never published). */
const RESERVED_RECORDED = 'stock.reserved_recorded';

/** A row: what one warehouse had reserved after a level's change (`version`), dated by the change. */
interface ReservedEntry extends ReservedRow {
  _id: string;
  orgId: string;
  variantId: string;
  at: Date;
}

const reservedEntrySchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    variantId: { type: String, required: true },
    warehouseId: { type: String, required: true },
    version: { type: Number, required: true },
    reserved: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'stock_reserved_entries', versionKey: false },
);
// A variant's rows up to a moment (GET /stock/variant/{id}/as-of).
reservedEntrySchema.index({ orgId: 1, variantId: 1, at: 1 });

export const reservedEntryModel = (connection: Connection) =>
  connection.model('StockReservedEntry', reservedEntrySchema);
type ReservedEntryModel = ReturnType<typeof reservedEntryModel>;

/** One row per (level version, warehouse): the same change written twice inserts nothing. */
const rowOf = (orgId: string, variantId: string, version: number, at: Date, change: ReservedChange): ReservedEntry => ({
  _id: `${orgId}:${variantId}:${version}:${change.warehouseId}`,
  orgId,
  variantId,
  version,
  at,
  ...change,
});

/** The event's payload; the outbox keeps it as JSON, so the date comes back as a string. */
interface ReservedRecorded {
  variantId: string;
  version: number;
  at: string;
  changes: ReservedChange[];
}

/**
 * The reservation ledger (`stock_reserved_entries`), a projection of the level store: each write that
 * moves a warehouse's reserved quantity (a hold, its release, a deduct of what it held) adds a row
 * with what is reserved there after it, dated by the write, applied before the change answers and
 * again by the relay. Holds leave no movement, so this is what the stock as of a past moment reads
 * them from.
 */
export class ReservedLedger implements Projection<StockLevel> {
  readonly event = RESERVED_RECORDED;
  private readonly inserts: InsertBatcher<mongo.Document>;

  constructor(entries: ReservedEntryModel) {
    this.inserts = new InsertBatcher(entries.collection);
  }

  updatesFor(before: StockLevel | null, after: StockLevel, version: number): Record<string, unknown>[] {
    const changes = reservedChanges(before, after);
    if (changes.length === 0) return [];
    const recorded: ReservedRecorded = { variantId: after.variantId, version, at: new Date().toISOString(), changes };
    return [{ ...recorded }];
  }

  async apply(updates: readonly EventEnvelope[]): Promise<void> {
    await this.inserts.insertAll(
      updates.flatMap(({ orgId, payload }) => {
        const { variantId, version, at, changes } = payload as unknown as ReservedRecorded;
        return changes.map((change) => rowOf(orgId, variantId, version, new Date(at), change));
      }),
    );
  }
}

const PASS = 'stock_reserved_entries';

/**
 * The ledger's opening: a row per warehouse of each level with holds when the ledger began, dated
 * then, written once per database before requests are taken (recorded in `inventory_passes`). What
 * was reserved before that moment is not known.
 */
export class ReservedLedgerOpening extends OncePerDatabase {
  constructor(
    connection: Connection,
    private readonly levels: StockLevelModel,
    private readonly entries: ReservedEntryModel,
  ) {
    super(connection, PASS);
  }

  protected async run(): Promise<void> {
    const since = new Date();
    const inserts = new InsertBatcher<mongo.Document>(this.entries.collection);
    const held = this.levels
      .find({ reserved: { $gt: 0 } }, { orgId: 1, variantId: 1, reservations: 1, version: 1 })
      .lean<StockLevel[]>()
      .cursor();
    let batch: ReservedEntry[] = [];
    for await (const level of held) {
      const changes = reservedChanges(null, level);
      batch.push(...changes.map((change) => rowOf(level.orgId, level.variantId, level.version ?? 0, since, change)));
      if (batch.length >= 500) {
        await inserts.insertAll(batch);
        batch = [];
      }
    }
    await inserts.insertAll(batch);
  }
}

/** Reads of the reservation ledger. */
export class ReservedHistory {
  /** When the ledger began (its opening pass finished), once known; it does not move after. */
  private began: Date | null = null;

  constructor(
    private readonly connection: Connection,
    private readonly entries: ReservedEntryModel,
  ) {}

  /** What one variant had reserved per warehouse on a moment; null when that is before the ledger began. */
  async asOf(orgId: string, variantId: string, at: Date): Promise<Map<string, number> | null> {
    const began = await this.beginning();
    if (began === null || at < began) return null;
    const rows = await this.entries
      .find({ orgId, variantId, at: { $lte: at } }, { _id: 0, warehouseId: 1, version: 1, reserved: 1 })
      .lean<ReservedRow[]>();
    return reservedAsOf(rows);
  }

  private async beginning(): Promise<Date | null> {
    this.began ??= (await inventoryPasses(this.connection).progress(PASS)).finishedAt;
    return this.began;
  }
}

import type { Connection } from 'mongoose';
import { isDuplicateKeyError, type AppError } from '@stockyard/service-kit';
import { InsertBatcher } from '@stockyard/service-kit/store';
import { differingParams, type OperationParams } from '../domain/operations';
import type { AppliedOperation } from '../domain/stock-level';
import { operationKeyReused } from '../domain/stock.errors';

/**
 * A key's record: an internal operation's parameters (a record written before they were kept has
 * `kind` and `variantId` only), or a keyed partner write's movement ids.
 */
type OperationRecord = {
  _id: string;
  orgId: string;
  key: string;
  at: Date;
  movements?: string[];
} & Partial<OperationParams>;

/**
 * The long memory of operation keys (the level document keeps only the last 200, and the last
 * REQUEST_WINDOW keyed partner writes). Written with a unique insert after the change; checked
 * before it. Not swept: a key must never move stock twice, however late the retry.
 */
export class OperationRepository {
  private readonly records;
  /** Keyed partner writes' records: one each, so many at once go out as one insert. */
  private readonly requests: InsertBatcher<OperationRecord>;

  constructor(connection: Connection) {
    this.records = connection.collection<OperationRecord>('stock_operations');
    this.requests = new InsertBatcher(this.records);
  }

  /** true when the key was already applied with these parameters; 409 when with others. */
  async seen(orgId: string, key: string, params: OperationParams): Promise<boolean> {
    const record = await this.records.findOne({ _id: `${orgId}:${key}` });
    if (!record) return false;
    const differing = differingParams(record, params);
    if (differing.length > 0) throw operationKeyReused(key, differing);
    return true;
  }

  /**
   * `seen` for many keys in one read: per key, true when applied with these parameters, the
   * 409 when with others, absent when not applied.
   */
  async seenMany(orgId: string, asked: readonly { key: string; params: OperationParams }[]) {
    const records = await this.records.find({ _id: { $in: asked.map((a) => `${orgId}:${a.key}`) } }).toArray();
    const byKey = new Map(records.map((r) => [r.key, r]));
    const seen = new Map<string, true | AppError>();
    for (const { key, params } of asked) {
      const record = byKey.get(key);
      if (!record) continue;
      const differing = differingParams(record, params);
      seen.set(key, differing.length > 0 ? operationKeyReused(key, differing) : true);
    }
    return seen;
  }

  /** `remember` for many keys, group-committed (a key recorded meanwhile is no failure). */
  async rememberMany(orgId: string, applied: readonly { key: string; params: OperationParams }[]): Promise<void> {
    const at = new Date();
    await this.requests.insertAll(
      applied.map(({ key, params }) => ({ _id: `${orgId}:${key}`, orgId, key, ...params, at })),
    );
  }

  /** The movement ids a keyed partner write recorded under this key, if it ran. */
  async movementsOf(orgId: string, key: string): Promise<string[] | undefined> {
    return (await this.records.findOne({ _id: `${orgId}:${key}` }))?.movements;
  }

  /** Keyed partner writes a level spilled (keyed-write.ts), after its change; group-committed. */
  async rememberRequests(orgId: string, spilled: readonly AppliedOperation[]): Promise<void> {
    await this.requests.insertAll(
      spilled.map(({ key, at, movements }) => ({ _id: `${orgId}:${key}`, orgId, key, movements, at })),
    );
  }

  async remember(orgId: string, key: string, params: OperationParams): Promise<void> {
    try {
      await this.records.insertOne({ _id: `${orgId}:${key}`, orgId, key, ...params, at: new Date() });
    } catch (err) {
      // A concurrent request with the same key recorded it first; the level's window let only one move.
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
}

import type { Connection } from 'mongoose';
import { isDuplicateKeyError } from '@stockyard/service-kit';
import { differingParams, type OperationParams } from '../domain/operations';
import { operationKeyReused } from '../domain/stock.errors';

/** A key's record: its parameters (a record written before they were kept has `kind` and `variantId` only). */
type OperationRecord = { _id: string; orgId: string; key: string; at: Date } & Partial<OperationParams>;

/**
 * The long memory of internal operation keys (the level document keeps only the last
 * 200). Written with a unique insert after the change; checked before it. Not swept:
 * a key must never move stock twice, however late the retry.
 */
export class OperationRepository {
  private readonly records;

  constructor(connection: Connection) {
    this.records = connection.collection<OperationRecord>('stock_operations');
  }

  /** true when the key was already applied with these parameters; 409 when with others. */
  async seen(orgId: string, key: string, params: OperationParams): Promise<boolean> {
    const record = await this.records.findOne({ _id: `${orgId}:${key}` });
    if (!record) return false;
    const differing = differingParams(record, params);
    if (differing.length > 0) throw operationKeyReused(key, differing);
    return true;
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

import type { Connection } from 'mongoose';
import { isDuplicateKeyError } from '@stockyard/service-kit';
import { operationKeyReused } from '../domain/stock.errors';

interface OperationRecord {
  _id: string;
  orgId: string;
  key: string;
  kind: string;
  variantId: string;
  at: Date;
}

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

  /** true when the key was already applied; 422 when it was used for another operation. */
  async seen(orgId: string, key: string, kind: string, variantId: string): Promise<boolean> {
    const record = await this.records.findOne({ _id: `${orgId}:${key}` });
    if (!record) return false;
    if (record.kind !== kind || record.variantId !== variantId) {
      throw operationKeyReused(key, record.kind, record.variantId);
    }
    return true;
  }

  async remember(orgId: string, key: string, kind: string, variantId: string): Promise<void> {
    try {
      await this.records.insertOne({ _id: `${orgId}:${key}`, orgId, key, kind, variantId, at: new Date() });
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
}

import { AggregateStore, isDuplicateKeyError, type Aggregate } from '@stockyard/service-kit';
import type { ApiKeyUsageModel } from './api-key.model';

interface UsageEntry {
  keyId: string;
  orgId: string;
  lastUsedAt: Date;
}

/** When each key was last used: written in batches, never per request. */
export class ApiKeyUsageRepository {
  /** Its writes: each key's row under its document lock (the kit's store: version-guarded). */
  private readonly store: AggregateStore<Aggregate>;

  constructor(private readonly usage: ApiKeyUsageModel) {
    this.store = new AggregateStore<Aggregate>(usage, undefined, { name: 'API key usage' });
  }

  async lastUsed(orgId: string, keyIds: string[]): Promise<Map<string, Date>> {
    const rows = await this.usage.find({ orgId, _id: { $in: keyIds } }).lean<{ _id: string; lastUsedAt: Date }[]>();
    return new Map(rows.map((r) => [r._id, r.lastUsedAt]));
  }

  /** $max keeps the latest time whichever replica flushes last. */
  async record(entries: UsageEntry[]): Promise<void> {
    for (const { keyId, orgId, lastUsedAt } of entries) {
      try {
        await this.store.updateWhere(keyId, {}, { $max: { lastUsedAt }, $setOnInsert: { orgId } }, { upsert: true });
      } catch (err) {
        // Another replica inserted the same key's row first: the next flush updates it.
        if (!isDuplicateKeyError(err)) throw err;
      }
    }
  }
}

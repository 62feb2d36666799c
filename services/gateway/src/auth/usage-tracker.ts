import type { Logger } from '@stockyard/service-kit';
import type { ApiKeyUsageRepository } from '../store/api-key-usage.repository';

interface Pending {
  orgId: string;
  at: number;
}

/**
 * lastUsedAt without a database write per request: requests only note the time in
 * memory, and a timer writes one row per used key every `intervalMs` (and on shutdown).
 * Listings add what this replica has not flushed yet.
 */
export class UsageTracker {
  private pending = new Map<string, Pending>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly repo: ApiKeyUsageRepository,
    private readonly logger: Logger,
    private readonly intervalMs: number,
  ) {}

  touch(keyId: string, orgId: string, at = Date.now()): void {
    const entry = this.pending.get(keyId);
    if (entry) entry.at = at;
    else this.pending.set(keyId, { orgId, at });
  }

  pendingFor(keyId: string): Date | undefined {
    const entry = this.pending.get(keyId);
    return entry ? new Date(entry.at) : undefined;
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const entries = [...batch].map(([keyId, { orgId, at }]) => ({ keyId, orgId, lastUsedAt: new Date(at) }));
    try {
      await this.repo.record(entries);
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, keys: entries.length }, 'lastUsedAt flush failed; will retry');
      for (const [keyId, entry] of batch) if (!this.pending.has(keyId)) this.pending.set(keyId, entry);
    }
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

import { PeriodicPass, type Logger } from '@stockyard/service-kit';
import { earliestCutoff, firstKept, retentionCutoff } from '../domain/audit-retention';
import type { RetentionDays } from '../peers/audit-retention-days';
import type { AuditChainAnchors } from '../store/audit-chain-anchors.repository';
import type { AuditEntries } from '../store/audit-entries.repository';

interface SweepSettings {
  everyMs: number;
  /** Entries removed per delete. */
  batch: number;
}

/**
 * Every AUDIT_RETENTION_SWEEP_MS each process removes, organization by organization, the audit
 * entries the trail recorded longer ago than the organization's retention (its gateway setting),
 * oldest first, a batch at a time. It first moves the organization's anchor to the first entry it
 * keeps, so a sweep that dies midway leaves a chain that verifies (domain/audit-chain-check.ts)
 * and the next one finishes the removal. The newest entry always stays: the next one links to it.
 */
export class AuditRetentionSweep extends PeriodicPass {
  constructor(
    private readonly entries: AuditEntries,
    private readonly anchors: AuditChainAnchors,
    private readonly retentionDays: RetentionDays,
    private readonly settings: SweepSettings,
    logger: Logger,
  ) {
    super('audit retention', settings.everyMs, logger);
  }

  protected async pass(): Promise<void> {
    let orgId = await this.entries.organizationAfter(undefined);
    while (orgId !== undefined && !this.stopping) {
      const org = orgId;
      await this.sweep(org, new Date()).catch((err: Error) =>
        this.logger.warn({ orgId: org, err: err.message }, 'audit retention left for the next sweep'),
      );
      orgId = await this.entries.organizationAfter(org);
    }
  }

  private async sweep(orgId: string, now: Date): Promise<void> {
    const oldest = await this.entries.first(orgId);
    // Nothing in the chain is older than the shortest retention: no need to ask the gateway.
    if (!oldest || oldest.recordedAt >= earliestCutoff(now)) return;
    const days = await this.retentionDays(orgId).catch((err: Error) => {
      // Never removed on a guess; only what an anchor already gave up (a sweep that died) goes.
      this.logger.warn({ orgId, err: err.message }, 'audit retention unknown (the gateway away or refusing)');
      return undefined;
    });
    const keepFrom = days === undefined ? undefined : await this.firstToKeep(orgId, retentionCutoff(now, days));
    const anchor = keepFrom === undefined ? await this.anchors.find(orgId) : await this.anchor(orgId, keepFrom);
    if (!anchor) return;
    let removed = 0;
    while (!this.stopping) {
      const found = await this.entries.removeOldest(orgId, anchor.firstSequence, this.settings.batch);
      removed += found;
      if (found < this.settings.batch) break;
    }
    if (removed > 0) this.logger.info({ orgId, removed, firstSequence: anchor.firstSequence }, 'audit entries removed');
  }

  /** The first sequence kept under a cutoff (undefined: nothing recorded before it may go). */
  private async firstToKeep(orgId: string, cutoff: Date): Promise<number | undefined> {
    const [lastExpired, tail] = await Promise.all([
      this.entries.lastUntil(orgId, new Date(cutoff.getTime() - 1)),
      this.entries.tail(orgId),
    ]);
    return firstKept(lastExpired, tail.sequence);
  }

  /** The anchor at `keepFrom` (or a later one another sweep wrote), written before anything is removed. */
  private async anchor(orgId: string, keepFrom: number) {
    const current = await this.anchors.find(orgId);
    if (current && current.firstSequence >= keepFrom) return current;
    const [kept, lastRemoved] = await Promise.all([
      this.entries.at(orgId, keepFrom),
      this.entries.at(orgId, keepFrom - 1),
    ]);
    if (!kept || !lastRemoved) throw new Error(`entries ${keepFrom - 1} and ${keepFrom} are not both stored`);
    const removedThrough = lastRemoved.recordedAt;
    return this.anchors.advance(orgId, { startsFrom: kept.previousHash, firstSequence: keepFrom, removedThrough });
  }
}

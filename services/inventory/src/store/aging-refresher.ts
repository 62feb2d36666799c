import { PeriodicPass, type Logger } from '@stockyard/service-kit';
import type { AgingSnapshots } from './aging-snapshots';

/** Levels written since a snapshot past which the refresher builds a newer one. */
const REBUILD_AFTER = 1_000;

/**
 * Keeps the aging snapshots near the levels (store/aging-snapshots.ts): every `everyMs` it builds a
 * new snapshot for each organization with one whose levels written since number more than
 * `rebuildAfter` (1,000), so a report reads about that many levels at most, never every one.
 */
export class AgingRefresher extends PeriodicPass {
  constructor(
    private readonly snapshots: Pick<AgingSnapshots, 'organizations' | 'writtenSince' | 'build'>,
    everyMs: number,
    logger: Logger,
    private readonly rebuildAfter = REBUILD_AFTER,
  ) {
    super('aging snapshots refresh', everyMs, logger);
  }

  protected async pass(): Promise<void> {
    for await (const { _id: orgId } of this.snapshots.organizations()) {
      if (this.stopping) return;
      if (((await this.snapshots.writtenSince(orgId)) ?? 0) > this.rebuildAfter) await this.snapshots.build(orgId);
    }
  }
}

import type { Logger } from '../logger';
import { PeriodicPass } from '../periodic-pass';
import type { RecordSnapshots } from './record-snapshots';

/** Records written since a snapshot past which the refresher builds a newer one. */
const REBUILD_AFTER = 1_000;

type Refreshed = Pick<RecordSnapshots<unknown, unknown>, 'organizations' | 'writtenSince' | 'build'>;

/**
 * Keeps record snapshots near their records (record-snapshots.ts): every `everyMs` it builds a new
 * snapshot for each organization with one whose records written since number more than
 * `rebuildAfter` (1,000), so a read swaps in about that many records at most.
 */
export class SnapshotRefresher extends PeriodicPass {
  constructor(
    private readonly snapshots: readonly Refreshed[],
    everyMs: number,
    logger: Logger,
    private readonly rebuildAfter = REBUILD_AFTER,
  ) {
    super('snapshots refresh', everyMs, logger);
  }

  protected async pass(): Promise<void> {
    for (const snapshot of this.snapshots)
      for await (const orgId of snapshot.organizations()) {
        if (this.stopping) return;
        if (((await snapshot.writtenSince(orgId)) ?? 0) > this.rebuildAfter) await snapshot.build(orgId);
      }
  }
}

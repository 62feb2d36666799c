import type { Logger } from '../logger';
import { PeriodicPass } from '../periodic-pass';
import type { Aggregate } from './decision';
import type { ListRows } from './list-rows';
import type { PassCheckpoints } from './pass-checkpoints';

/** Aggregates read per page. */
const PAGE = 500;
/** A failed pass (the store away) is run again after this. */
const RETRY_MS = 30_000;

/**
 * Writes the list rows of the aggregates stored before their rows were kept (a service upgraded
 * to `ListRows`), in the background from start: pages by `_id`, a checkpoint after each (a
 * restart resumes there, a finished pass is not run again, a failed one runs again 30 s on),
 * each row only over an older one, so a write racing the pass keeps its newer row. Until it
 * finishes, a list may miss older records.
 */
export class ListRowsBackfill<S extends Aggregate & { id: string }> extends PeriodicPass {
  private finished = false;

  constructor(
    /** Its record among the service's passes (`order_rows`). */
    private readonly checkpoint: string,
    private readonly rows: ListRows<S>,
    private readonly checkpoints: PassCheckpoints,
    logger: Logger,
  ) {
    super(`${checkpoint} backfill`, RETRY_MS, logger, { atStart: true });
  }

  protected async pass(): Promise<void> {
    if (this.finished) return;
    let { after, finished } = await this.checkpoints.progress(this.checkpoint);
    let written = 0;
    while (!finished && !this.stopping) {
      const page = await this.rows.rebuild(after, PAGE);
      written += page.written;
      if (page.next === null) {
        await this.checkpoints.finish(this.checkpoint);
        this.logger.info({ pass: this.checkpoint, written }, 'list rows backfill finished');
        finished = true;
        break;
      }
      after = page.next;
      await this.checkpoints.advance(this.checkpoint, after);
    }
    this.finished = finished;
  }
}
